import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Attaches `Authorization: Bearer …` to every non-public operation whose base URL is the session's origin, and on a
/// 401 that blames the token asks the session for a better one and retries once.
public struct AuthorizationMiddleware: ClientMiddleware {
    /// Bodies up to this size are buffered so that a request can be replayed after a 401.
    public static let defaultReplayLimit = 1 << 20

    private let session: any AccessTokenProviding
    private let replayLimit: Int
    /// The session's base URL as a person writes it: a request to exactly this URL needs no parsing to prove its
    /// origin, which is every request of a client built for the session's server.
    private let sessionURL: URL

    public init(session: any AccessTokenProviding, replayLimit: Int = Self.defaultReplayLimit) {
        self.session = session
        self.replayLimit = replayLimit
        self.sessionURL = session.origin.url
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
        let response = try await next(Self.authorize(request, with: authorization), sentBody, baseURL)
        guard Self.blamesToken(response.0), isReplayable else { return response }
        guard let retry = try await session.authorizationAfterRejection(of: authorization) else { return response }
        return try await next(Self.authorize(request, with: retry), sentBody, baseURL)
    }

    static func authorize(_ request: HTTPRequest, with authorization: BearerAuthorization) -> HTTPRequest {
        var request = request
        request.headerFields[.authorization] = authorization.headerValue
        return request
    }

    /// A 401 whose challenge is `invalid_token` or has no error code (RFC 6750 §3.1: a client that cannot tell why its token failed should try a new one). A 403 or another error
    /// code is not fixed by new tokens.
    static func blamesToken(_ response: HTTPResponse) -> Bool {
        guard response.status == .unauthorized else { return false }
        guard let challenge = response.headerFields[.wwwAuthenticate],
            let code = BearerChallenge.errorCode(in: challenge)
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
