import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Answers a request the generated code cannot read (a missing body, `limit=null`, a wrong content type) with the
/// 400 the spec documents for that operation, instead of letting the error escape as a 500.
///
/// The OpenAPI runtime reports such a request as a `ServerError` whose status is a 4xx, but the web framework
/// does not know that type and turns every error it does not know into 500. The authorization server's endpoints
/// answer in RFC 6749 §5.2's shape (`{"error": "invalid_request"}`); the Stories API's operations answer with an
/// RFC 9457 problem. Install it first, so it also sees what the other middlewares let through.
struct RequestRejectionMiddleware: ServerMiddleware {
    /// How a contract's errors are written.
    enum ErrorShape: Sendable {
        /// An OAuth error object (RFC 6749 §5.2), `application/json`, not to be stored.
        case oauth
        /// A problem document (RFC 9457), `application/problem+json`.
        case problem
    }

    let shape: ErrorShape

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
            return Self.badRequest(shape: shape)
        }
    }

    static func badRequest(
        shape: ErrorShape,
        detail: String = "The request is missing a required part or has one that cannot be read."
    ) -> (HTTPResponse, HTTPBody?) {
        let object: [String: any Sendable] =
            switch shape {
            case .oauth: ["error": "invalid_request", "error_description": detail]
            case .problem: ["title": "Bad Request", "status": 400, "detail": detail]
            }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        var headers: HTTPFields = [.contentType: shape == .oauth ? "application/json" : "application/problem+json"]
        if shape == .oauth { headers[.cacheControl] = "no-store" }
        return (HTTPResponse(status: .badRequest, headerFields: headers), HTTPBody(data))
    }
}
