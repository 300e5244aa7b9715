import GRDB

/// The versioned schema. Append migrations; never edit one that has shipped.
enum CredentialsSchema {
    static let migrations: [(name: String, migrate: @Sendable (Database) throws -> Void)] = [
        (
            "v1-credential",
            { db in
                try db.create(table: "credential") { table in
                    table.primaryKey("origin", .text)
                    table.column("scheme", .text).notNull()
                    table.column("host", .text).notNull()
                    table.column("port", .integer).notNull()
                    table.column("basePath", .text).notNull()
                    table.column("account", .text).notNull()
                    table.column("accessToken", .text).notNull()
                    table.column("refreshToken", .text)
                    table.column("tokenType", .text).notNull()
                    table.column("scope", .text)
                    table.column("expiresAt", .double)
                    table.column("issuedAt", .double).notNull()
                    table.column("generation", .integer).notNull()
                }
            }
        ),
        (
            "v2-sign-in-required",
            { db in
                try db.alter(table: "credential") { table in
                    table.add(column: "isSignInRequired", .boolean).notNull().defaults(to: false)
                }
            }
        ),
        (
            "v3-write-reservation",
            { db in
                // One row whose committed rewrite proves there is room for a credential's successor; see
                // `WriteReservation`.
                try db.create(table: WriteReservation.tableName) { table in
                    table.primaryKey("id", .integer).check { $0 == 1 }
                    table.column("filler", .blob).notNull()
                }
                try db.execute(
                    sql: "INSERT INTO \(WriteReservation.tableName) (id, filler) VALUES (1, randomblob(?))",
                    arguments: [WriteReservation.minimumBytes]
                )
            }
        ),
        (
            "v4-accounts",
            { db in
                // Several accounts per origin: the key becomes (origin, account), and one row per origin is marked
                // active. A file of an earlier version has one row per origin, which stays its origin's active one.
                // SQLite cannot change a primary key in place, so the table is rebuilt; the old one is renamed
                // first, so the new table's key index gets the usual name.
                try db.rename(table: "credential", to: "credential_v3")
                try db.create(table: "credential") { table in
                    table.column("origin", .text).notNull()
                    table.column("scheme", .text).notNull()
                    table.column("host", .text).notNull()
                    table.column("port", .integer).notNull()
                    table.column("basePath", .text).notNull()
                    table.column("account", .text).notNull()
                    table.column("accessToken", .text).notNull()
                    table.column("refreshToken", .text)
                    table.column("tokenType", .text).notNull()
                    table.column("scope", .text)
                    table.column("expiresAt", .double)
                    table.column("issuedAt", .double).notNull()
                    table.column("generation", .integer).notNull()
                    table.column("isSignInRequired", .boolean).notNull().defaults(to: false)
                    table.column("isActive", .boolean).notNull().defaults(to: false)
                    table.primaryKey(["origin", "account"])
                }
                try db.execute(
                    sql: """
                        INSERT INTO credential (origin, scheme, host, port, basePath, account, accessToken,
                            refreshToken, tokenType, scope, expiresAt, issuedAt, generation, isSignInRequired, isActive)
                        SELECT origin, scheme, host, port, basePath, account, accessToken, refreshToken, tokenType,
                            scope, expiresAt, issuedAt, generation, isSignInRequired, 1
                        FROM credential_v3
                        """)
                try db.drop(table: "credential_v3")
                // At most one active account per origin, enforced by the file itself.
                try db.execute(
                    sql: "CREATE UNIQUE INDEX credential_activeAccount ON credential (origin) WHERE isActive")
            }
        ),
        (
            "v5-authorization-server",
            { db in
                // Each session remembers the authorization server that issued it, so that its refresh and
                // revocation go back there. Rows of earlier versions keep NULL: their tokens came from the
                // contract's endpoints under their origin, which is what NULL is read as.
                try db.alter(table: "credential") { table in
                    table.add(column: "issuer", .text)
                    table.add(column: "tokenEndpoint", .text)
                    table.add(column: "deviceAuthorizationEndpoint", .text)
                    table.add(column: "revocationEndpoint", .text)
                    table.add(column: "resource", .text)
                }
            }
        ),
        (
            "v6-dpop-key",
            { db in
                // The account's DPoP key (RFC 9449), the raw P-256 private scalar in base64, for sessions whose
                // tokens are bound to it, and the algorithms the authorization server took in proofs. NULL: a bearer
                // session. The key is as secret as the tokens, and sealed with them (`CredentialRow.secretColumns`).
                try db.alter(table: "credential") { table in
                    table.add(column: "dpopKey", .text)
                    table.add(column: "dpopSigningAlgorithms", .text)
                }
            }
        ),
        (
            "v7-storage",
            { db in
                // How the secret columns are kept (`StorageRecord`): every file of an earlier version is plain, and
                // stays plain until `stories-cli storage seal`. A new file is made sealed by `setUp` in the same
                // transaction, before it holds a row.
                try db.create(table: StorageRecord.tableName) { table in
                    table.primaryKey("id", .integer).check { $0 == 1 }
                    table.column("mode", .text).notNull()
                    table.column("fileID", .text)
                }
                try db.execute(sql: "INSERT INTO \(StorageRecord.tableName) (id, mode) VALUES (1, 'plain')")
            }
        ),
    ]

    /// The schema version this build writes.
    static var currentVersion: Int { migrations.count }

    /// The versions written before files were marked with an application id (version 3 added the mark).
    static let unmarkedVersions = 1...2

    /// Applies the migrations after `version` and marks the file as ours (`application_id`) at the current version,
    /// inside the caller's IMMEDIATE transaction. GRDB's `DatabaseMigrator` is not used because it reads and applies
    /// in separate transactions: two processes opening a new file at once could both try to create the table. One
    /// transaction keyed on `user_version` makes the second process see the first one's work.
    static func migrate(_ db: Database, from version: Int, applicationID: Int32) throws {
        for migration in migrations[version...] {
            try migration.migrate(db)
        }
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        try db.execute(sql: "PRAGMA user_version = \(currentVersion)")
    }

    /// The tables and `credential` columns the first `version` migrations create, as `FileInspection.shape` reads
    /// them: what a file written by that version of the app looks like.
    static func shape(ofVersion version: Int) throws -> FileInspection.Shape {
        let database = try DatabaseQueue()
        return try database.write { db in
            for migration in migrations[..<version] {
                try migration.migrate(db)
            }
            return try FileInspection.shape(of: db)
        }
    }
}
