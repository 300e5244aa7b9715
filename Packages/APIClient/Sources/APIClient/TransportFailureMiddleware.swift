import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns every error the transport throws into a `NetworkFailure`.
///
/// Install it just outside `BoundedResponseMiddleware` (which reads the body, so a connection that breaks mid-body
/// fails there): whatever fails below it is the network, not the contract or the session, and the app can tell
/// "retry later" from "sign in again" without knowing the transport's error types. The bounds' own errors pass
/// through unchanged.
/// The transport's own errors are reduced to a case here because their text can embed anything a server sent.
public struct TransportFailureMiddleware: ClientMiddleware {
    private let classify: @Sendable (any Error) -> NetworkFailure

    /// - Parameter classify: maps the transport's errors to a case; the composition root, which chose the
    ///   transport, knows its error types.
    public init(classify: @escaping @Sendable (any Error) -> NetworkFailure) {
        self.classify = classify
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await next(request, body, baseURL)
        } catch {
            // The runtime wraps what the transport and inner middlewares throw in `ClientError`; look inside. The
            // bounds' own errors and cancellation pass through unchanged.
            let cause = APIFailure.rootCause(of: error)
            switch cause {
            case is CancellationError, is NetworkFailure, is ResponseTooLarge: throw cause
            default: throw classify(cause)
            }
        }
    }
}
