import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Rejects requests to protected operations that carry no valid access token with a 401 and an RFC 6750 §3
/// challenge that names the RFC 9728 metadata (`BearerChallenges`): without an error code for a request with no bearer
/// token (§3.1: no error code when the request lacks authentication), `error="invalid_token"` for a token that is not
/// valid. A token nobody could check (an external authorization server that does not answer) is a 503. Otherwise runs
/// the handler as the token's user.
struct BearerAuthenticationMiddleware: ServerMiddleware {
    let verifier: any AccessTokenVerifying
    let challenges: BearerChallenges
    let publicOperationIDs: Set<String>

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
        guard let token = Self.bearerToken(in: request) else {
            return Self.unauthorized(challenge: challenges.authenticationRequired)
        }
        switch await verifier.verify(accessToken: token) {
        case .valid(let username):
            return try await AuthenticatedUser.$username.withValue(username) {
                try await next(request, body, metadata)
            }
        case .invalid:
            return Self.unauthorized(challenge: challenges.invalidToken)
        case .unverifiable:
            return Self.unavailable
        }
    }

    static func bearerToken(in request: HTTPRequest) -> String? {
        guard let value = request.headerFields[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        // Foundation's trimming was a twentieth of the cost of a request; a token in printable ASCII (every token
        // this server issues) has nothing to trim.
        let isPrintableASCII = parts[1].utf8.allSatisfy { (0x21...0x7E).contains($0) }
        let token = isPrintableASCII ? String(parts[1]) : parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
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
