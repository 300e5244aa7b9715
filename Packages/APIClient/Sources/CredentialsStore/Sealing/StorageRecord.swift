import GRDB

/// The file's one `storage` row: how its secret columns are kept and, when sealed, the id its data key has in the
/// keyring (`nil` until the first sealed write creates the key).
struct StorageRecord: Equatable, Sendable {
    static let tableName = "storage"

    var storage: CredentialsStorage
    var fileID: String?

    static let plain = StorageRecord(storage: .plain, fileID: nil)

    /// The row, read in the caller's transaction. A file of an earlier schema version has none yet and is plain.
    static func fetch(_ db: Database) throws -> StorageRecord {
        guard let row = try Row.fetchOne(db, sql: "SELECT mode, fileID FROM storage WHERE id = 1") else {
            return .plain
        }
        let mode: String = row["mode"]
        guard let storage = CredentialsStorage(rawValue: mode) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "unknown storage mode")
        }
        return StorageRecord(storage: storage, fileID: row["fileID"])
    }

    func write(_ db: Database) throws {
        try db.execute(
            sql: "UPDATE storage SET mode = ?, fileID = ? WHERE id = 1", arguments: [storage.rawValue, fileID])
    }
}
