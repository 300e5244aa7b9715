import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Rejects requests to protected operations that carry no valid access token with a 401 and an RFC 6750 §3
/// challenge: `Bearer` alone for a request with no bearer token (§3.1: no error code when the request lacks
/// authentication), `Bearer error="invalid_token"` for a token that is not valid. Otherwise runs the handler as the
/// token's user.
struct BearerAuthenticationMiddleware: ServerMiddleware {
    let tokens: TokenAuthority
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
            return Self.unauthorized(challenge: Self.authenticationRequired)
        }
        guard case .valid(let username) = await tokens.check(accessToken: token) else {
            return Self.unauthorized(challenge: Self.challenge)
        }
        return try await AuthenticatedUser.$username.withValue(username) {
            try await next(request, body, metadata)
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

    /// The challenge to a token that is not valid: expired, revoked or never issued.
    static let challenge = #"Bearer error="invalid_token""#
    /// The challenge to a request that carried no bearer token at all.
    static let authenticationRequired = "Bearer"

    static func unauthorized(challenge: String) -> (HTTPResponse, HTTPBody?) {
        var response = HTTPResponse(status: .unauthorized)
        response.headerFields[.wwwAuthenticate] = challenge
        response.headerFields[.contentType] = "application/problem+json"
        let problem =
            #"{"title":"Unauthorized","status":401,"detail":"The access token is missing, expired or revoked."}"#
        return (response, HTTPBody(problem))
    }
}
