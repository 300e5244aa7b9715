import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Tells the observer bound by `ResponseHeadObservation.observing(_:during:)`, if any, the head of each response.
///
/// Install it last, next to the transport, so that the head is seen as soon as it arrives: before
/// `BoundedResponseMiddleware` reads the body and long before the generated code decodes it.
public struct ResponseHeadObservingMiddleware: ClientMiddleware {
    public init() {}

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        ResponseHeadObservation.observer?(response)
        return (response, responseBody)
    }
}
