import APIClient
import Foundation

/// Why an authorised request could not be made. Each case tells "sign in again" from "retry later".
public enum AuthorizationError: Error, Equatable, Sendable, LocalizedError, APIFailureConvertible {
    /// No session is stored for the server.
    case notSignedIn(origin: String)
    /// The server rejected the session and it cannot be renewed; the user must sign in again.
    case sessionExpired(origin: String)
    /// The request's base URL is not the origin the session was issued by, so no token was sent (requirement F1).
    case originMismatch(expected: String, actual: String)

    public var errorDescription: String? {
        switch self {
        case .notSignedIn(let origin): "Not signed in to \(origin)."
        case .sessionExpired(let origin): "The session for \(origin) has expired."
        case .originMismatch(let expected, let actual):
            "Refusing to send the session for \(expected) to \(actual)."
        }
    }

    public var apiFailure: APIFailure {
        switch self {
        case .notSignedIn: .notSignedIn
        case .sessionExpired(let origin): .sessionExpired(reason: "the session for \(origin) is no longer accepted")
        case .originMismatch: .other(reason: errorDescription ?? "origin mismatch")
        }
    }
}
