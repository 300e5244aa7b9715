import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Buffers each response body up to a limit and fails past it, so a misbehaving endpoint cannot make the client hold
/// an unbounded body in memory (requirement B5). Individual tokens stay unbounded within the limit.
public struct ResponseSizeLimitMiddleware: ClientMiddleware {
    public static let defaultLimit = 1 << 20
    private let limit: Int

    public init(limit: Int = Self.defaultLimit) {
        self.limit = limit
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard let responseBody else { return (response, nil) }
        let bytes = try await [UInt8](collecting: responseBody, upTo: limit)
        return (response, HTTPBody(bytes))
    }
}
