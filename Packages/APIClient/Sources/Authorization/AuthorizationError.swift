import APIClient
import Foundation

/// Why an authorised request could not be made. Each case tells "sign in again" from "retry later".
public enum AuthorizationError: Error, Equatable, Sendable, LocalizedError, APIFailureConvertible {
    /// No session is stored for the server.
    case notSignedIn(origin: String)
    /// The server refused the refresh token (or there is none): the user must sign in again.
    case sessionExpired(origin: String)
    /// The request's base URL is not the origin the session was issued by, so no token was sent (requirement F1).
    case originMismatch(expected: String, actual: String)
    /// Refreshing failed for a reason that may pass (network, server error, malformed response). The stored
    /// session was left unchanged.
    case refreshFailed(TokenEndpointError)
    /// The server rejected freshly refreshed tokens too often; refreshing stopped (requirement D6).
    case excessiveRefresh(count: Int, window: Duration)
    /// Another process held the refresh lock for longer than the wait allows.
    case lockTimeout(path: String)

    public var errorDescription: String? {
        switch self {
        case .notSignedIn(let origin): "Not signed in to \(origin)."
        case .sessionExpired(let origin): "The session for \(origin) has expired."
        case .originMismatch(let expected, let actual):
            "Refusing to send the session for \(expected) to \(actual)."
        case .refreshFailed(let error):
            "The session could not be renewed (\(error.errorDescription ?? "unknown error")); the stored session is unchanged."
        case .excessiveRefresh(let count, let window):
            "The server keeps rejecting fresh tokens (\(count) refreshes within \(window.components.seconds) s); stopped refreshing."
        case .lockTimeout(let path):
            "Another stories-cli process has been renewing the session for too long (lock \(path)). Try again."
        }
    }

    public var apiFailure: APIFailure {
        let reason = errorDescription ?? "authorisation failed"
        switch self {
        case .notSignedIn: return .notSignedIn
        case .sessionExpired: return .sessionExpired(reason: reason)
        case .refreshFailed(let error):
            switch error {
            case .invalidGrant: return .sessionExpired(reason: reason)
            case .transient: return .unreachable(reason: reason)
            case .malformedResponse: return .malformedResponse(reason: reason)
            case .misconfigured, .insecureTransport: return .other(reason: reason)
            }
        case .originMismatch, .excessiveRefresh, .lockTimeout: return .other(reason: reason)
        }
    }
}
