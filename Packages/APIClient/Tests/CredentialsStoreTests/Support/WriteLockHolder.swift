import GRDB

/// A second connection to the database that holds SQLite's write lock (`BEGIN IMMEDIATE`) until released, as another
/// process in the middle of a write transaction would.
final class WriteLockHolder {
    private let database: DatabaseQueue

    init(path: String) throws {
        var configuration = Configuration()
        // The transaction deliberately outlives the access that began it.
        configuration.allowsUnsafeTransactions = true
        database = try DatabaseQueue(path: path, configuration: configuration)
        try database.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
    }

    func release() throws {
        try database.inDatabase { db in try db.execute(sql: "ROLLBACK") }
        try database.close()
    }
}
