import Authorization
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Credentials in an SQLite file (GRDB over the system libsqlite3), shared safely by every process of the user.
///
/// - WAL with `synchronous=FULL`: a committed refresh survives a power cut before the new token is used.
/// - Every read-then-write is one IMMEDIATE transaction (GRDB's default for writes), and writes compare-and-swap on
///   the credential's generation.
/// - The directory is created 0700 and the file 0600 *before* SQLite opens it; SQLite gives `-wal` and `-shm` the
///   file's mode.
/// - `quick_check` and the schema version are verified on open; a damaged or newer file is reported and never
///   rewritten.
public final class SQLiteCredentialsStore: CredentialsStoring {
    /// The file's path.
    public let path: String
    private let database: DatabaseQueue

    /// The schema version this build writes, mirrored in `PRAGMA user_version`.
    public static let schemaVersion = CredentialsSchema.migrations.count

    /// Opens (creating if needed) the store at `path`.
    /// - Parameter busyTimeout: how long to wait for another process's write transaction.
    public init(path: String, busyTimeout: TimeInterval = 5) throws(CredentialsStoreError) {
        self.path = path
        try SecureFile.prepare(path: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        // WAL is switched on below, after the file has been verified: GRDB's own WAL set-up writes to the file, and
        // a damaged or newer file must not be written at all.
        configuration.label = "credentials"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL; PRAGMA secure_delete = ON")
        }
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            try database.read { db in try Self.verify(db, path: path) }
            try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try database.write { db in
                // Checked again inside the write transaction: another process may have upgraded the file meanwhile.
                try Self.verifyVersion(db, path: path)
                try CredentialsSchema.migrate(db)
            }
        } catch let error as CredentialsStoreError {
            throw error
        } catch {
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }

    private static func verify(_ db: Database, path: String) throws {
        let check = try String.fetchOne(db, sql: "PRAGMA quick_check")
        guard check == "ok" else { throw CredentialsStoreError.corrupt(path: path) }
        try verifyVersion(db, path: path)
    }

    private static func verifyVersion(_ db: Database, path: String) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard version <= schemaVersion else {
            throw CredentialsStoreError.unsupportedVersion(path: path, found: version, supported: schemaVersion)
        }
    }

    public func credential(for origin: ServerOrigin) async throws(CredentialsStoreError) -> Credential? {
        try await read { db in try CredentialRow.fetchOne(db, key: origin.key)?.credential() }
    }

    public func allCredentials() async throws(CredentialsStoreError) -> [Credential] {
        try await read { db in
            try CredentialRow.order(Column("origin")).fetchAll(db).map { try $0.credential() }
        }
    }

    public func save(
        _ credential: Credential,
        ifGenerationIs expectedGeneration: Int64?
    ) async throws(CredentialsStoreError) -> CredentialSaveResult {
        try await perform { db in
            let current = try CredentialRow.fetchOne(db, key: credential.origin.key)
            guard current?.generation == expectedGeneration else {
                return .conflict(current: try current?.credential())
            }
            var next = credential
            next.generation = (current?.generation ?? 0) + 1
            try CredentialRow(next).save(db)
            return .saved(next)
        }
    }

    public func replace(with credential: Credential) async throws(CredentialsStoreError) -> Credential {
        try await perform { db in
            let current = try CredentialRow.fetchOne(db, key: credential.origin.key)
            var next = credential
            // Generations only grow, so a 401 for the previous session's token is never mistaken for this one's.
            next.generation = (current?.generation ?? 0) + 1
            try CredentialRow(next).save(db)
            return next
        }
    }

    public func verifyWritable() async throws(CredentialsStoreError) {
        do {
            try await database.writeWithoutTransaction { db in
                // Takes the write lock and writes a page to the WAL, then rolls back: fails on a read-only file or
                // directory and on a full disk, and leaves the data as it was.
                try db.inTransaction(.immediate) {
                    try db.execute(sql: "UPDATE credential SET generation = generation")
                    return .rollback
                }
            }
        } catch {
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }

    @discardableResult
    public func removeCredential(for origin: ServerOrigin) async throws(CredentialsStoreError) -> Bool {
        let removed = try await perform { db in try CredentialRow.deleteOne(db, key: origin.key) }
        try await checkpoint()
        return removed
    }

    /// Moves committed pages from the WAL into the database and truncates the WAL, so deleted tokens (already
    /// zeroed by `secure_delete`) do not linger in the `-wal` file.
    private func checkpoint() async throws(CredentialsStoreError) {
        do {
            try await database.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        } catch {
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }

    /// A read transaction: in WAL mode it never waits for a writer.
    private func read<T: Sendable>(
        _ work: @escaping @Sendable (Database) throws -> T
    ) async throws(CredentialsStoreError) -> T {
        do {
            return try await database.read(work)
        } catch {
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }

    /// An IMMEDIATE write transaction: every read-then-write happens inside one, never as an upgraded read.
    private func perform<T: Sendable>(
        _ work: @escaping @Sendable (Database) throws -> T
    ) async throws(CredentialsStoreError) -> T {
        do {
            return try await database.write(work)
        } catch let error as CredentialsStoreError {
            throw error
        } catch {
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }
}
