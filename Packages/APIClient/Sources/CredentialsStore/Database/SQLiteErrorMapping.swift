import Authorization
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SQLite's result codes into cases a user can act on. SQLite's messages are dropped: they can quote SQL, and
/// SQL can quote row data.
enum SQLiteErrorMapping {
    static func storeError(for error: any Error, path: String) -> CredentialsStoreError {
        if let error = error as? CredentialsStoreError { return error }
        guard let error = error as? DatabaseError else {
            // GRDB throws its own errors and `CancellationError` (an async access cancelled before it ran).
            return .databaseError(path: path, resultCode: ResultCode.SQLITE_INTERRUPT.rawValue)
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .corrupt(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .locked(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return .readOnly(path: path)
        case .SQLITE_FULL:
            return .diskFull(path: path)
        case .SQLITE_IOERR where isFileSystemFull(at: path):
            // Creating or growing the WAL's shared-memory file on a full disk is an I/O error to SQLite (the read-only
            // connection of a file every process had closed must create it), not SQLITE_FULL.
            return .diskFull(path: path)
        default:
            return .databaseError(path: path, resultCode: error.extendedResultCode.rawValue)
        }
    }

    /// Whether the file system holding `path` has no block left for this process.
    private static func isFileSystemFull(at path: String) -> Bool {
        var status = statvfs()
        return statvfs(SecureLocation.directory(of: path), &status) == 0 && status.f_bavail == 0
    }
}
