import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Marks every error the transport throws as `APIFailure.unreachable`.
///
/// Install it last (innermost, next to the transport): whatever fails below it is the network, not the contract or
/// the session, and the app can tell "retry later" from "sign in again" without knowing the transport's error types.
public struct TransportFailureMiddleware: ClientMiddleware {
    public init() {}

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await next(request, body, baseURL)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw APIFailure.unreachable(reason: Self.summary(of: error))
        }
    }

    /// A one-line reason. Transport errors can embed header values, so the text is sanitised (requirement C4).
    static func summary(of error: any Error) -> String {
        var innermost = error
        while let wrapper = innermost as? ClientError { innermost = wrapper.underlyingError }
        return Redaction.sanitize(String(describing: innermost), maxLength: 160)
    }
}
