import Authorization
import GRDB

/// What a database file is, found out by reading only: whose it is, which schema version it has, and whether opening
/// it needs a write (a migration, or switching it to WAL).
struct FileInspection: Equatable {
    enum Owner: Equatable {
        /// No tables and no marks: a new (0-byte) file, or an empty database nobody claimed.
        case nobody
        /// Marked with our application id.
        case us
        /// Written by a version of this app from before files were marked: no application id, but exactly the tables
        /// and columns that version created, and its `user_version`.
        case previousVersion
    }

    /// The tables (other than SQLite's own) and the `credential` table's columns, in a comparable form.
    struct Shape: Equatable {
        var tables: [String]
        var credentialColumns: [String]
    }

    var owner: Owner
    var version: Int
    var isWAL: Bool

    /// Whether the file must be written before use: marked, migrated to the current schema, or switched to WAL.
    var needsSetUp: Bool {
        owner != .us || version < CredentialsSchema.currentVersion || !isWAL
    }

    /// Reads the file's marks in the caller's read transaction. Throws `foreignDatabase` for a database that is not
    /// ours and `unsupportedVersion` for one of ours from a newer version.
    static func inspect(_ db: Database, path: String, applicationID: Int32) throws -> FileInspection {
        let foundID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let isWAL = try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal"
        let owner: Owner
        // The tables and columns are read only for an unmarked file: every command inspects the file as it starts.
        if foundID == applicationID {
            guard version <= CredentialsSchema.currentVersion else {
                throw CredentialsStoreError.unsupportedVersion(
                    path: path, found: version, supported: CredentialsSchema.currentVersion)
            }
            owner = .us
        } else if foundID == 0, version == 0, try shape(of: db).tables.isEmpty {
            owner = .nobody
        } else if foundID == 0, CredentialsSchema.unmarkedVersions.contains(version),
            try shape(of: db) == CredentialsSchema.shape(ofVersion: version)
        {
            owner = .previousVersion
        } else {
            throw CredentialsStoreError.foreignDatabase(path: path, applicationID: foundID)
        }
        return FileInspection(owner: owner, version: version, isWAL: isWAL)
    }

    static func shape(of db: Database) throws -> Shape {
        let tables = try String.fetchAll(
            db,
            sql:
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        )
        let columns = try Row.fetchAll(db, sql: "SELECT * FROM pragma_table_info('credential') ORDER BY cid").map {
            row -> String in
            let name: String = row["name"]
            let type: String = row["type"]
            let notNull: Bool = row["notnull"]
            let defaultValue: String? = row["dflt_value"]
            let primaryKey: Int = row["pk"]
            return "\(name) \(type) notnull=\(notNull) default=\(defaultValue ?? "none") pk=\(primaryKey)"
        }
        return Shape(tables: tables, credentialColumns: columns)
    }
}
