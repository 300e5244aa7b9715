import Authorization
import Foundation
import GRDB
import Synchronization

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
/// - The file is ours only if it carries `applicationID`; another application's database is refused and never
///   written, not even its mode.
/// - Opening a current file writes nothing and takes no write lock, so it never waits for another process's write;
///   reads in WAL mode never do either.
/// - Two connections: reads go over the read-only one that inspected the file, writes over one opened by the first
///   write. A command that only reads (`list` with a fresh token) opens the file once.
/// - Reads run on the calling thread, one at a time per store: they block it for the tens of microseconds a WAL read
///   takes (see `read(_:)` for when SQLite makes a reader wait longer).
/// - The directory is the user's and 0700 and the file 0600 before SQLite opens it; SQLite gives `-wal` and `-shm`
///   the file's mode.
/// - `integrity_check` and the schema version are verified on open; a damaged or newer file is reported and never
///   rewritten.
public final class SQLiteCredentialsStore: CredentialsStoring {
    /// The file's path.
    public let path: String
    /// Every read: the read-only connection that inspected the file, kept open. A new read transaction sees every
    /// write committed before it, the writer's included.
    let reader: DatabaseQueue
    /// Every write, over the connection the first write opens (`writer()`); `nil` until then.
    private let openedWriter = Mutex<DatabaseQueue?>(nil)
    private let writerConfiguration: Configuration
    /// The keyring that holds the data key of a sealed file; `nil` when none is usable (a sealed file then fails
    /// with `KeyringError.unavailable`).
    let keyring: (any DataKeyStore)?
    /// The data key of the file's current `fileID`, once the keyring gave it (or this process created it).
    let cachedKey = Mutex<(fileID: String, key: DataKey)?>(nil)

    /// `PRAGMA application_id` of every credentials file: the ASCII bytes "STRY". A database with another id is not
    /// ours and is never written.
    public static let applicationID: Int32 = 0x5354_5259

    /// The schema version this build writes, mirrored in `PRAGMA user_version`.
    public static let schemaVersion = CredentialsSchema.currentVersion

    /// The home directory of the user this process runs as, from the password database (not `$HOME`, which any
    /// parent process can set).
    public static func userHomeDirectory() -> String? {
        SecureLocation.userHomeDirectory()
    }

    /// How long a write waits for another process's write transaction unless told otherwise.
    public static let defaultBusyTimeout: TimeInterval = 5

    /// Opens (creating if needed) the store at `path`.
    /// - Parameters:
    ///   - path: the credentials file; its directory is created if missing.
    ///   - busyTimeout: how long a write waits for another process's write transaction.
    ///   - homeDirectory: finds the user's home directory; asked only when the file's directory is open to others.
    ///     A file placed directly in it (`--credentials-db ~/c.sqlite`)
    ///     does not make the store change the home directory's mode; one others can write to is refused.
    ///   - keyring: holds the data key of a sealed file.
    ///   - newFileStorage: how a file this call creates (or a 0-byte one) keeps its secrets; an existing file keeps
    ///     the storage it records (`convert(to:)` changes it).
    public init(
        path: String, busyTimeout: TimeInterval = defaultBusyTimeout,
        homeDirectory: () -> String? = userHomeDirectory,
        keyring: (any DataKeyStore)? = nil,
        newFileStorage: CredentialsStorage = .plain
    ) throws(CredentialsStoreError) {
        self.path = path
        self.keyring = keyring
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "credentials"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL; PRAGMA secure_delete = ON")
        }
        writerConfiguration = configuration
        let created = try SecureLocation.prepare(path: path)
        do {
            var readerConfiguration = Configuration()
            readerConfiguration.readonly = true
            readerConfiguration.busyMode = .timeout(busyTimeout)
            readerConfiguration.label = "credentials-reader"
            do {
                reader = try DatabaseQueue(path: path, configuration: readerConfiguration)
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
                // A program stopped in the middle of a write to the file in rollback-journal mode (not WAL) and left
                // its journal, which only a read-write connection may roll back, as SQLite does for any program that
                // opens the file to write. The file is then what it was before that write. Only a file whose header
                // carries our application id: another application's file stays byte-identical.
                guard Self.headerApplicationID(path: path) == Self.applicationID else {
                    throw CredentialsStoreError.interruptedForeignWrite(path: path)
                }
                try DatabaseQueue(path: path, configuration: configuration).read { db in
                    _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                }
                reader = try DatabaseQueue(path: path, configuration: readerConfiguration)
            }
            let inspection = try Self.inspect(reader, path: path)
            try SecureLocation.restrictModes(of: path, homeDirectory: homeDirectory)
            if inspection.needsSetUp {
                try Self.setUp(try writer(), path: path, newFileStorage: newFileStorage)
            }
        } catch {
            // A file this call created and then refused (its directory is shared, say) is not left behind.
            if created {
                unlink(path + "-wal")
                unlink(path + "-shm")
                unlink(path)
            }
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }

    /// The write connection, opened now if no write has opened it yet. Internal, so that tests can read its settings.
    func writer() throws -> DatabaseQueue {
        try openedWriter.withLock { opened in
            if let opened { return opened }
            let writer = try DatabaseQueue(path: path, configuration: writerConfiguration)
            opened = writer
            return writer
        }
    }

    /// The `application_id` in the database header (big-endian, bytes 68 to 71, SQLite's file format §1.3), read
    /// from the file itself: a read-only connection cannot read a file with a hot journal. `nil` when unreadable.
    private static func headerApplicationID(path: String) -> Int32? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 72), header.count == 72 else { return nil }
        return header[68..<72].reduce(Int32(0)) { ($0 << 8) | Int32($1) }
    }

    /// Reads what the file is over the read-only connection, in one read transaction: a read-only connection cannot
    /// write the file by any path (no checkpoint on close, no hot-journal rollback), so a file that turns out not to
    /// be ours is left byte-identical, unless a program left it mid-write: `init` then rolls that write back first,
    /// as any SQLite program opening the file would.
    private static func inspect(_ reader: DatabaseQueue, path: String) throws -> FileInspection {
        try reader.read { db in
            let inspection = try FileInspection.inspect(db, path: path, applicationID: applicationID)
            if inspection.owner != .nobody {
                // Also checks that the origin index agrees with the rows, which quick_check does not; on a file of a
                // few dozen pages it costs tens of microseconds (docs/PERFORMANCE.md).
                guard try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok" else {
                    throw CredentialsStoreError.corrupt(path: path)
                }
            }
            return inspection
        }
    }

    /// Switches the file to WAL and migrates it, only when the inspection said it must. WAL comes first, so that from
    /// the first transaction on no reader ever waits for a writer.
    private static func setUp(
        _ database: DatabaseQueue, path: String, newFileStorage: CredentialsStorage
    ) throws {
        try database.writeWithoutTransaction { db in
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
        }
        try database.write { db in
            // Inspected again under the write lock: another process may have set the file up meanwhile.
            let inspection = try FileInspection.inspect(db, path: path, applicationID: applicationID)
            guard inspection.owner != .us || inspection.version < CredentialsSchema.currentVersion else { return }
            try CredentialsSchema.migrate(db, from: inspection.version, applicationID: applicationID)
            if inspection.owner == .nobody {
                // A new file: no session has been written in any storage yet. Its data key is created by the first
                // write that needs one (`prepareKey`).
                try StorageRecord(storage: newFileStorage, fileID: nil).write(db)
            }
        }
    }

    @concurrent
    public func credential(for origin: ServerOrigin) async throws(CredentialsStoreError) -> Credential? {
        try await readOpening { db, sealing in
            try CredentialRow.active(db, origin: origin.key)?.credential(opening: sealing)
        }
    }

    @concurrent
    public func credential(
        for origin: ServerOrigin, account: String
    ) async throws(CredentialsStoreError) -> Credential? {
        try await readOpening { db, sealing in
            try CredentialRow.fetchOne(db, origin: origin.key, account: account)?.credential(opening: sealing)
        }
    }

    @concurrent
    public func allCredentials() async throws(CredentialsStoreError) -> [StoredCredential] {
        try await readOpening { db, sealing in
            try CredentialRow.order(Column("origin"), Column("account")).fetchAll(db).map {
                StoredCredential(credential: try $0.credential(opening: sealing), isActive: $0.isActive)
            }
        }
    }

    /// Every session's facts, read without the keyring: the secret columns stay sealed.
    @concurrent
    public func allSessionFacts() async throws(CredentialsStoreError) -> [StoredSessionFacts] {
        try read { db in
            try CredentialRow.order(Column("origin"), Column("account")).fetchAll(db).map { try $0.facts() }
        }
    }

    /// Fetches a sealed file's data key from the keyring, so that a command that reads no secret (`status`) still
    /// finds out whether the others can: throws the keyring's failure; nothing for a plain file or one with no key.
    @concurrent
    public func verifyDataKey() async throws(CredentialsStoreError) {
        _ = try await readOpening { _, _ in () }
    }

    /// How the file keeps its secret columns now (reads the file, never the keyring).
    @concurrent
    public func storage() async throws(CredentialsStoreError) -> CredentialsStorage {
        try read { db in try StorageRecord.fetch(db).storage }
    }

    public func save(
        _ credential: Credential,
        ifGenerationIs expectedGeneration: Int64?
    ) async throws(CredentialsStoreError) -> CredentialSaveResult {
        try await performSealing { db, sealing in
            let origin = credential.origin.key
            let current = try CredentialRow.fetchOne(db, origin: origin, account: credential.account)
            guard current?.generation == expectedGeneration else {
                return .conflict(current: try current?.credential(opening: sealing))
            }
            var next = credential
            next.generation = try CredentialRow.nextGeneration(db, origin: origin)
            let isActive = try current?.isActive ?? (CredentialRow.active(db, origin: origin) == nil)
            try CredentialRow(next, isActive: isActive, sealing: sealing).save(db)
            return .saved(next)
        }
    }

    public func replace(with credential: Credential) async throws(CredentialsStoreError) -> Credential {
        // A sign-in: over a file whose key the keyring no longer has, it starts the file afresh with a new key (the
        // sessions sealed by the lost one can never be opened again).
        try await performSealing(replacingMissingKey: true) { db, sealing in
            var next = credential
            // Generations only grow, so a 401 for the previous session's token is never mistaken for this one's.
            next.generation = try CredentialRow.nextGeneration(db, origin: credential.origin.key)
            try CredentialRow.deactivateAll(db, origin: credential.origin.key)
            try CredentialRow(next, isActive: true, sealing: sealing).save(db)
            return next
        }
    }

    public func activate(
        account: String, for origin: ServerOrigin
    ) async throws(CredentialsStoreError) -> Credential? {
        try await performSealing { db, sealing in
            guard var row = try CredentialRow.fetchOne(db, origin: origin.key, account: account) else { return nil }
            guard !row.isActive else { return try row.credential(opening: sealing) }
            row.generation = try CredentialRow.nextGeneration(db, origin: origin.key)
            row.isActive = true
            try CredentialRow.deactivateAll(db, origin: origin.key)
            try row.update(db)
            return try row.credential(opening: sealing)
        }
    }

    /// Proves the successor of any stored credential can be written now, with a committed write where the successor
    /// will go (see `WriteReservation`): throws `diskFull` on a full disk, `readOnly` or `locked`, and changes nothing
    /// a session depends on.
    public func verifyWritable() async throws(CredentialsStoreError) {
        do {
            try await writer().writeWithoutTransaction { [path] db in
                try WriteReservation.prove(db, writeAheadLogPath: path + "-wal")
            }
        } catch {
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }

    @discardableResult
    public func removeCredential(
        for origin: ServerOrigin, account: String
    ) async throws(CredentialsStoreError) -> Bool {
        let removed = try await perform { db in
            guard let row = try CredentialRow.fetchOne(db, origin: origin.key, account: account) else { return false }
            let nextGeneration = try CredentialRow.nextGeneration(db, origin: origin.key)
            try row.delete(db)
            // The session written last was the one active last: the coordinator writes a session only while it is
            // active. It takes over with a generation above the removed one's.
            if row.isActive, var successor = try CredentialRow.latest(db, origin: origin.key) {
                successor.generation = nextGeneration
                successor.isActive = true
                try successor.update(db)
            }
            return true
        }
        try await checkpoint()
        return removed
    }

    /// Moves committed pages from the WAL into the database and truncates the WAL, so deleted tokens (already
    /// zeroed by `secure_delete`) do not linger in the `-wal` file.
    func checkpoint() async throws(CredentialsStoreError) {
        do {
            try await writer().writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        } catch {
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }

    /// A read transaction that runs on the calling thread (GRDB's synchronous `read`), one at a time with the
    /// process's other reads on the one read connection. In WAL mode a read never waits for a writer and takes tens
    /// of microseconds, less than handing it to another thread and back (with 1,000 concurrent callers busy on both
    /// cores, the re-read before a refresh waited about 1 ms for one). The calling thread is blocked for as long as it
    /// takes, which is longer only where SQLite makes any reader wait: while a crashed writer's WAL is recovered, or,
    /// on a file another program has switched out of WAL mode, up to the busy timeout. The callers are `@concurrent`,
    /// so that thread is never the main actor's.
    func read<T>(_ work: (Database) throws -> T) throws(CredentialsStoreError) -> T {
        do {
            return try reader.read(work)
        } catch {
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }

    /// An IMMEDIATE write transaction: every read-then-write happens inside one, never as an upgraded read.
    private func perform<T: Sendable>(
        _ work: @escaping @Sendable (Database) throws -> T
    ) async throws(CredentialsStoreError) -> T {
        do {
            return try await writer().write(work)
        } catch {
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }
}
