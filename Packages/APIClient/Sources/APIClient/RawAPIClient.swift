import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends requests the contract does not describe (`stories-cli api PATH`) through the same middleware stack and
/// transport as the generated `Client`: authorisation, DPoP proofs, refresh, failure classification and bounds apply
/// to them exactly as to an operation.
///
/// The generated `Client` composes its middlewares in OpenAPIRuntime's `UniversalClient`, which is published only as
/// `@_spi(Generated)` for generated code and takes typed serialisers; these few lines compose them the same way (the
/// first middleware outermost, the transport innermost) over a request built by hand, without depending on an SPI
/// that may change in any release.
public struct RawAPIClient: Sendable {
    /// The operation id every raw request carries through the middlewares: not a public operation, so the session's
    /// authorisation is attached, and bounded as any operation that is not the token endpoint's.
    public static let operationID = "rawRequest"

    /// The API's base URL, which relative paths are resolved against.
    public let serverURL: URL
    private let transport: any ClientTransport
    private let middlewares: [any ClientMiddleware]

    public init(serverURL: URL, transport: any ClientTransport, middlewares: [any ClientMiddleware]) {
        self.serverURL = serverURL
        self.transport = transport
        self.middlewares = middlewares
    }

    /// Sends `request` (its path relative to `baseURL`) and returns the response with its body as the innermost
    /// middleware left it.
    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let transport = self.transport
        let operationID = Self.operationID
        var next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = {
            try await transport.send($0, body: $1, baseURL: $2, operationID: operationID)
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { try await middleware.intercept($0, body: $1, baseURL: $2, operationID: operationID, next: inner) }
        }
        return try await next(request, body, baseURL)
    }
}
