import Foundation
import HTTPTypes
import OpenAPIRuntime
import StoriesServerAPI

/// Answers a request the generated code cannot read (a missing body, `limit=null`, a wrong content type) with the
/// 400 the spec documents for that operation, instead of letting the error escape as a 500.
///
/// The OpenAPI runtime reports such a request as a `ServerError` whose status is a 4xx, but the web framework
/// does not know that type and turns every error it does not know into 500. The token and revocation endpoints
/// answer in RFC 6749 §5.2's shape (`{"error": "invalid_request"}`); every other operation answers with an RFC 9457
/// problem. Install it first, so it also sees what the other middlewares let through.
struct RequestRejectionMiddleware: ServerMiddleware {
    /// Operations whose errors are OAuth error objects rather than problems.
    static let oauthOperationIDs: Set<String> = [
        Operations.CreateToken.id, Operations.RevokeToken.id, Operations.CreateDeviceAuthorization.id,
        Operations.IntrospectToken.id, Operations.CreatePushedAuthorizationRequest.id,
    ]

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await next(request, body, metadata)
        } catch let error as ServerError where error.operationInput == nil && error.httpStatus.kind == .clientError {
            return Self.badRequest(operationID: operationID)
        }
    }

    static func badRequest(
        operationID: String,
        detail: String = "The request is missing a required part or has one that cannot be read."
    ) -> (HTTPResponse, HTTPBody?) {
        let object: [String: any Sendable] =
            oauthOperationIDs.contains(operationID)
            ? ["error": "invalid_request", "error_description": detail]
            : ["title": "Bad Request", "status": 400, "detail": detail]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        let contentType = oauthOperationIDs.contains(operationID) ? "application/json" : "application/problem+json"
        var headers: HTTPFields = [.contentType: contentType]
        if oauthOperationIDs.contains(operationID) { headers[.cacheControl] = "no-store" }
        return (HTTPResponse(status: .badRequest, headerFields: headers), HTTPBody(data))
    }
}
