import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import RFC9449

/// Attaches `Authorization: Bearer …` to every non-public operation whose base URL is the session's origin, and on a
/// 401 that blames the token asks the session for a better one and retries once.
///
/// A DPoP-bound session (RFC 9449 §7.1) sends `Authorization: DPoP …` and a new proof for each request (`htm`, `htu`
/// without query and fragment, `ath`, the origin's last nonce). A 401 `DPoP error="use_dpop_nonce"` with a
/// `DPoP-Nonce` is sent again once with a proof that carries the nonce (§9).
public struct AuthorizationMiddleware: ClientMiddleware {
    /// Bodies up to this size are buffered so that a request can be replayed after a 401.
    public static let defaultReplayLimit = 1 << 20

    private let session: any AccessTokenProviding
    private let replayLimit: Int
    /// The session's base URL as a person writes it: a request to exactly this URL needs no parsing to prove its
    /// origin, which is every request of a client built for the session's server.
    private let sessionURL: URL
    private let dpop: DPoPProofing

    public init(
        session: any AccessTokenProviding, replayLimit: Int = Self.defaultReplayLimit,
        dpop: DPoPProofing = DPoPProofing()
    ) {
        self.session = session
        self.replayLimit = replayLimit
        self.sessionURL = session.origin.url
        self.dpop = dpop
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !PublicOperations.contains(operationID) else {
            return try await next(request, body, baseURL)
        }
        if baseURL != sessionURL {
            let requestOrigin = try ServerOrigin(baseURL)
            guard requestOrigin == session.origin else {
                throw AuthorizationError.originMismatch(expected: session.origin.key, actual: requestOrigin.key)
            }
        }
        let authorization: BearerAuthorization
        if let fresh = session.freshAuthorizationWithoutWaiting() {
            authorization = fresh
        } else {
            authorization = try await session.currentAuthorization()
        }
        let (sentBody, isReplayable) = try await Self.replayable(body, limit: replayLimit)
        var response = try await send(request, sentBody, baseURL, authorization, next)
        if isReplayable, authorization.dpopKey != nil, Self.asksForNonce(response.0) {
            response = try await send(request, sentBody, baseURL, authorization, next)
        }
        guard Self.blamesToken(response.0), isReplayable else { return response }
        guard let retry = try await session.authorizationAfterRejection(of: authorization) else { return response }
        return try await send(request, sentBody, baseURL, retry, next)
    }

    private func send(
        _ request: HTTPRequest, _ body: HTTPBody?, _ baseURL: URL, _ authorization: BearerAuthorization,
        _ next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await dpop.send(request, body, baseURL, authorization: authorization, next: next)
    }

    static func authorize(_ request: HTTPRequest, with authorization: BearerAuthorization) -> HTTPRequest {
        var request = request
        request.headerFields[.authorization] = authorization.headerValue
        return request
    }

    /// The URL `request` goes to: the base URL and the operation's path (its query is left out of `htu` anyway).
    static func url(of request: HTTPRequest, at baseURL: URL) -> URL {
        let base =
            baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        return URL(string: base + (request.path ?? "")) ?? baseURL
    }

    /// A 401 whose DPoP challenge is `use_dpop_nonce` and that carries the nonce (RFC 9449 §9).
    static func asksForNonce(_ response: HTTPResponse) -> Bool {
        guard response.status == .unauthorized, response.headerFields[.dpopNonce] != nil,
            let challenge = response.headerFields[.wwwAuthenticate]
        else { return false }
        return BearerChallenge.parameter("error", in: challenge, scheme: "dpop") == "use_dpop_nonce"
    }

    /// A 401 whose challenge is `invalid_token` or has no error code (RFC 6750 §3.1: a client that cannot tell why its token failed should try a new one). A 403 or another error
    /// code is not fixed by new tokens.
    static func blamesToken(_ response: HTTPResponse) -> Bool {
        guard response.status == .unauthorized else { return false }
        guard let challenge = response.headerFields[.wwwAuthenticate],
            let code = BearerChallenge.errorCode(in: challenge)
                ?? BearerChallenge.parameter("error", in: challenge, scheme: "dpop")
        else { return true }
        return code == "invalid_token"
    }

    /// A body that can be sent twice, and whether it can. Multi-pass bodies are reused; single-pass bodies of known
    /// length up to `limit` are buffered; anything else is sent once and a 401 is surfaced as it is.
    static func replayable(_ body: HTTPBody?, limit: Int) async throws -> (HTTPBody?, Bool) {
        guard let body else { return (nil, true) }
        if body.iterationBehavior == .multiple { return (body, true) }
        guard case .known(let length) = body.length, length <= limit else { return (body, false) }
        let bytes = try await [UInt8](collecting: body, upTo: limit)
        return (HTTPBody(bytes), true)
    }
}
