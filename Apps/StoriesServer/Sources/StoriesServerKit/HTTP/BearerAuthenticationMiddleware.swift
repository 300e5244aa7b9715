import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import RFC9449

/// Rejects requests to protected operations that carry no valid access token with a 401 and an RFC 6750 §3
/// challenge that names the RFC 9728 metadata (`BearerChallenges`): without an error code for a request with no
/// token (§3.1: no error code when the request lacks authentication), `error="invalid_token"` for a token that is not
/// valid. A token nobody could check (an external authorization server that does not answer) is a 503. Otherwise runs
/// the handler as the token's user.
///
/// DPoP (RFC 9449 §7): a token bound to a key is taken only as `Authorization: DPoP <token>` with a `DPoP` proof for
/// this request (`htm`, `htu`, `ath`) made with that key; as a bearer token it is refused, so that a stolen access
/// token is worth nothing without the key. A refused proof is a 401 with `DPoP error="invalid_dpop_proof"`, or
/// `use_dpop_nonce` and a `DPoP-Nonce` when the server wants its nonce in proofs; the log says why.
struct BearerAuthenticationMiddleware: ServerMiddleware {
    let verifier: any AccessTokenVerifying
    let challenges: BearerChallenges
    let publicOperationIDs: Set<String>
    var dpop = DPoPProofChecker(mode: .off, environment: .live)
    var logger = Logger(label: "stories-server.dpop", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The scheme of an `Authorization` header, and its token.
    enum Credential: Equatable {
        case bearer(String)
        case dpop(String)
    }

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if publicOperationIDs.contains(operationID) {
            return try await next(request, body, metadata)
        }
        let credential = Self.credential(in: request, dpopEnabled: dpop.mode.isEnabled)
        guard let credential else {
            return unauthorized(challenges.challenges())
        }
        let username: String
        switch (credential, await verifier.verify(accessToken: credential.token)) {
        case (_, .unverifiable):
            return Self.unavailable
        case (_, .invalid):
            return unauthorized(challenges.challenges(bearerError: "invalid_token", dpopError: "invalid_token"))
        case (.bearer, .valid(let name)) where dpop.mode != .required:
            username = name
        case (.bearer, .valid), (.bearer, .boundToKey):
            // RFC 9449 §7.2: a DPoP-bound token as a bearer token is refused, whoever sends it.
            logger.info("dpop outcome=refused reason=bearer_for_bound_token")
            return unauthorized(challenges.challenges(bearerError: "invalid_token", dpopError: "invalid_token"))
        case (.dpop, .valid):
            // §7.1: the DPoP scheme is for DPoP-bound tokens only.
            logger.info("dpop outcome=refused reason=unbound_token")
            return unauthorized(challenges.challenges(bearerError: "invalid_token", dpopError: "invalid_token"))
        case (.dpop(let token), .boundToKey(let name, let keyThumbprint)):
            let uri = challenges.origin.url(request.path.map { Self.pathWithoutQuery($0) } ?? "/")
            let refusal: DPoPRefusal?
            switch await dpop.check(
                request.headerFields[values: .dpop], method: request.method, uri: uri, accessToken: token)
            {
            case .success(let key?): refusal = key == keyThumbprint ? nil : .otherKey
            case .success(nil): refusal = .missing
            case .failure(let failure): refusal = failure
            }
            if let refusal {
                logger.info("dpop outcome=refused reason=\(refusal.reason)")
                return unauthorized(challenges.challenges(dpopError: refusal.errorCode))
            }
            username = name
        }
        return try await AuthenticatedUser.$username.withValue(username) {
            try await next(request, body, metadata)
        }
    }

    /// The credential of `request`'s `Authorization` header: `Bearer` (RFC 6750 §2.1), or `DPoP` (RFC 9449 §7.1)
    /// when the server takes DPoP; `nil` when there is none it takes.
    static func credential(in request: HTTPRequest, dpopEnabled: Bool) -> Credential? {
        guard let value = request.headerFields[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        // Foundation's trimming was a twentieth of the cost of a request; a token in printable ASCII (every token
        // this server issues) has nothing to trim.
        let isPrintableASCII = parts[1].utf8.allSatisfy { (0x21...0x7E).contains($0) }
        let token = isPrintableASCII ? String(parts[1]) : parts[1].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { return nil }
        switch parts[0].lowercased() {
        case "bearer": return .bearer(token)
        case "dpop" where dpopEnabled: return .dpop(token)
        default: return nil
        }
    }

    static func bearerToken(in request: HTTPRequest) -> String? {
        if case .bearer(let token) = credential(in: request, dpopEnabled: false) { token } else { nil }
    }

    /// `path` up to its query or fragment: `htu` leaves them out (RFC 9449 §4.3 check 9).
    private static func pathWithoutQuery(_ path: String) -> String {
        String(path.prefix { $0 != "?" && $0 != "#" })
    }

    func unauthorized(_ challenges: [String]) -> (HTTPResponse, HTTPBody?) {
        var (response, body) = Self.unauthorized(challenge: challenges.first ?? "")
        for challenge in challenges.dropFirst() {
            response.headerFields.append(HTTPField(name: .wwwAuthenticate, value: challenge))
        }
        if let nonce = dpop.nonceToSend() { response.headerFields[.dpopNonce] = nonce }
        return (response, body)
    }

    static func unauthorized(challenge: String) -> (HTTPResponse, HTTPBody?) {
        var response = HTTPResponse(status: .unauthorized)
        response.headerFields[.wwwAuthenticate] = challenge
        response.headerFields[.contentType] = "application/problem+json"
        let problem =
            #"{"title":"Unauthorized","status":401,"detail":"The access token is missing, expired or revoked."}"#
        return (response, HTTPBody(problem))
    }

    /// The answer while the authorization server cannot say whether a token is valid.
    static var unavailable: (HTTPResponse, HTTPBody?) {
        let response = HTTPResponse(
            status: .serviceUnavailable, headerFields: [.contentType: "application/problem+json"])
        let problem =
            #"{"title":"Service Unavailable","status":503,"detail":"The access token cannot be checked now: the authorization server does not answer. Try again later."}"#
        return (response, HTTPBody(problem))
    }
}

extension BearerAuthenticationMiddleware.Credential {
    var token: String {
        switch self {
        case .bearer(let token), .dpop(let token): token
        }
    }
}
