import Authorization
import GRDB

/// Turns SQLite's result codes into what a user can act on. SQLite's own message is kept only where it cannot
/// contain row data.
enum SQLiteErrorMapping {
    static func storeError(for error: any Error, path: String) -> CredentialsStoreError {
        guard let error = error as? DatabaseError else {
            return .databaseError(path: path, resultCode: 1)
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
        default:
            return .databaseError(path: path, resultCode: error.extendedResultCode.rawValue)
        }
    }
}
