import APIClient
import Foundation

/// Why an authorised request could not be made. Each case tells "sign in again" from "retry later"; the cases carry
/// data, and the front that reports one phrases it.
public enum AuthorizationError: Error, Equatable, Sendable, APIFailureConvertible {
    /// No session is stored for the server.
    case notSignedIn(origin: String)
    /// The server refused the refresh token (or there is none): the user must sign in again.
    case sessionExpired(origin: String)
    /// The session was signed out (or replaced by a sign-in) by another command while this one renewed it. The
    /// tokens the renewal obtained were revoked, not stored.
    case sessionEndedDuringRefresh(origin: String)
    /// The request's base URL is not the origin the session was issued by, so no token was sent.
    case originMismatch(expected: String, actual: String)
    /// Refreshing failed for a reason that may pass (network, server error, malformed response). The stored
    /// session was left unchanged.
    case refreshFailed(TokenEndpointError)
    /// The server rejected tokens it had just issued too often; refreshing stopped, so that a server that rejects
    /// every token cannot make the client loop.
    case excessiveRefresh(count: Int, window: Duration)

    public var apiFailure: APIFailure {
        switch self {
        case .notSignedIn, .sessionEndedDuringRefresh: .notSignedIn
        case .sessionExpired: .sessionExpired
        case .refreshFailed(let error): error.apiFailure
        case .originMismatch, .excessiveRefresh: .other
        }
    }
}
