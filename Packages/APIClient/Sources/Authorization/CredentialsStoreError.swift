import APIClient
import Foundation

/// Why the credentials store cannot be used. A file is never overwritten or deleted to get past one of these.
public enum CredentialsStoreError: Error, Equatable, Sendable, LocalizedError, APIFailureConvertible {
    /// The file is not a database or fails `quick_check`.
    case corrupt(path: String)
    /// The file was written by a newer version of the app.
    case unsupportedVersion(path: String, found: Int, supported: Int)
    /// Another process holds the database longer than the busy timeout.
    case locked(path: String)
    /// The file or its directory cannot be written.
    case readOnly(path: String)
    /// The file is readable by other users and could not be repaired.
    case insecurePermissions(path: String, mode: String)
    /// Anything else the file system or SQLite reported.
    case unavailable(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .corrupt(let path):
            "The credentials file \(path) is damaged. It was left as it is: move it aside and sign in again."
        case .unsupportedVersion(let path, let found, let supported):
            "The credentials file \(path) has schema version \(found), newer than this version understands (\(supported)). Update stories-cli, or use another --credentials-db."
        case .locked(let path):
            "The credentials file \(path) is locked by another process. Try again in a moment."
        case .readOnly(let path):
            "The credentials file \(path) cannot be written. Check the permissions of the file and its directory."
        case .insecurePermissions(let path, let mode):
            "The credentials file \(path) has mode \(mode) and could not be restricted to 0600. Fix its permissions."
        case .unavailable(let path, let reason):
            "The credentials file \(path) cannot be used: \(reason)."
        }
    }

    public var apiFailure: APIFailure {
        .credentialsUnavailable(reason: errorDescription ?? "credentials store unavailable")
    }
}
