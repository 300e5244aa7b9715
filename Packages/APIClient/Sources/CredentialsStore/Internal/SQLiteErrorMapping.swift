import Authorization
import GRDB

/// Turns SQLite's result codes into what a user can act on. SQLite's own message is kept only where it cannot
/// contain row data.
enum SQLiteErrorMapping {
    static func storeError(for error: any Error, path: String) -> CredentialsStoreError {
        guard let error = error as? DatabaseError else {
            return .unavailable(path: path, reason: String(describing: type(of: error)))
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .corrupt(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .locked(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return .readOnly(path: path)
        case .SQLITE_CANTOPEN:
            return .unavailable(path: path, reason: "the file cannot be opened")
        case .SQLITE_FULL:
            return .unavailable(path: path, reason: "the disk is full")
        case .SQLITE_IOERR:
            return .unavailable(path: path, reason: "an I/O error occurred")
        default:
            return .unavailable(path: path, reason: "SQLite error \(error.resultCode.rawValue)")
        }
    }
}
