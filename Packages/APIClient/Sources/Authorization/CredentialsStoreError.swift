import APIClient
import Foundation

/// Why the credentials store cannot be used. A file is never overwritten or deleted to get past one of these.
public enum CredentialsStoreError: Error, Equatable, Sendable, APIFailureConvertible {
    /// The file is not a database or fails its integrity check.
    case corrupt(path: String)
    /// The file was written by a newer version of the app.
    case unsupportedVersion(path: String, found: Int, supported: Int)
    /// The file is an SQLite database of another application: its `application_id` (0 when it has none) is not ours,
    /// or its tables are not ours. It is left byte-identical.
    case foreignDatabase(path: String, applicationID: Int32)
    /// Another process holds the database longer than the busy timeout.
    case locked(path: String)
    /// Another process held the refresh lock (`path` is the lock file) for longer than the wait allows.
    case lockTimedOut(path: String)
    /// The file or its directory cannot be written.
    case readOnly(path: String)
    /// The file system holding the file has no room for the write.
    case diskFull(path: String)
    /// The file is readable by other users and could not be repaired.
    case insecurePermissions(path: String, mode: String)
    /// The directory holding the file is shared with other users (sticky and writable by them) or could not be
    /// restricted to its owner.
    case insecureDirectory(path: String, mode: String)
    /// The file or its directory belongs to another user (`owner` is that user's id).
    case ownedByAnotherUser(path: String, owner: UInt32)
    /// The path names a symbolic link, a directory or a device rather than a regular file.
    case notARegularFile(path: String)
    /// A system call on the file failed with `errorNumber` (an `errno` value).
    case fileSystemError(path: String, errorNumber: Int32)
    /// Another program stopped in the middle of a write to a file that is not ours and left its rollback journal
    /// (`path` + `-journal`): only a program that writes the file may roll it back, so it was left as it is.
    case interruptedForeignWrite(path: String)
    /// The file's tokens are sealed with a data key in the OS keyring, and the keyring failed (`failure`); a
    /// `KeyringError.keyMissing` means the file was sealed by a keyring that is not this one (or the key was
    /// deleted): its sessions need a new sign-in, the file itself is sound.
    case keyring(path: String, failure: KeyringError)
    /// A sealed value in the file does not open with the file's key for its row and column: it was altered, or moved
    /// from another row.
    case sealedValueRejected(path: String, column: String)
    /// SQLite reported a result code none of the other cases covers (an I/O error, for example).
    case databaseError(path: String, resultCode: Int32)

    public var apiFailure: APIFailure {
        .credentialsUnavailable
    }
}
