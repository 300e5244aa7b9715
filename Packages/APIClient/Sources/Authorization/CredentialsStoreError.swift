import APIClient
import Foundation

/// Why the credentials store cannot be used. A file is never overwritten or deleted to get past one of these.
public enum CredentialsStoreError: Error, Equatable, Sendable, APIFailureConvertible {
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

    public var apiFailure: APIFailure {
        .credentialsUnavailable
    }
}
