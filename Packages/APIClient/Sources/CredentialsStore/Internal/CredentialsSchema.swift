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
    ]

    /// Applies pending migrations and records the version in `user_version`, inside the caller's IMMEDIATE
    /// transaction. GRDB's `DatabaseMigrator` is not used because it reads and applies in separate transactions: two
    /// processes opening a new file at once could both try to create the table. One transaction keyed on
    /// `user_version` makes the second process see the first one's work.
    static func migrate(_ db: Database) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard version < migrations.count else { return }
        for migration in migrations[version...] {
            try migration.migrate(db)
        }
        try db.execute(sql: "PRAGMA user_version = \(migrations.count)")
    }
}
