import Foundation
import HTTPTypes
import OpenAPIRuntime

extension DPoPProofing {
    /// Sends `request` with `authorization` in its `Authorization` header, and a new proof for it when the token is
    /// DPoP-bound (RFC 9449 §7.1); keeps the nonce the answer carries, if any, for the next proofs to that origin.
    func send(
        _ request: HTTPRequest, _ body: HTTPBody?, _ baseURL: URL, authorization: BearerAuthorization,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = AuthorizationMiddleware.authorize(request, with: authorization)
        guard let key = authorization.dpopKey else { return try await next(request, body, baseURL) }
        let url = AuthorizationMiddleware.url(of: request, at: baseURL)
        request.headerFields[.dpop] = proof(
            key: key, method: request.method.rawValue, url: url, accessToken: authorization.accessToken)
        let response = try await next(request, body, baseURL)
        nonces.record(response.0.headerFields[.dpopNonce], from: url)
        return response
    }
}
