import Authorization
import Foundation
import GRDB
import RFC9449
import Testing

@testable import CredentialsStore

@Suite("SQLiteCredentialsStore")
struct SQLiteCredentialsStoreTests {
    let fixture = StoreFixture()
    var path: String { fixture.path }

    @Test("Round-trips a credential exactly, keyed by origin", arguments: CredentialsStorage.allCases)
    func roundTrips(storage: CredentialsStorage) async throws {
        let store = try fixture.store(storage)
        let saved = try await store.replace(with: try StoreFixture.credential())
        #expect(saved.generation == 1)
        let reopened = try fixture.store(storage)
        #expect(try await reopened.credential(for: saved.origin) == saved)
        #expect(
            try await reopened.credential(for: try StoreFixture.credential(host: "staging.example.com").origin) == nil)
    }

    @Test(
        "Round-trips a credential without a refresh token, scope or expiry, and one that requires a sign-in",
        arguments: CredentialsStorage.allCases)
    func roundTripsAbsentValues(storage: CredentialsStorage) async throws {
        var credential = try StoreFixture.credential()
        credential.refreshToken = nil
        credential.scope = nil
        credential.expiresAt = nil
        credential.isSignInRequired = true
        let saved = try await fixture.store(storage).replace(with: credential)
        let reopened = try fixture.store(storage)
        #expect(try await reopened.credential(for: saved.origin) == saved)
        #expect(try await reopened.credential(for: saved.origin, account: saved.account) == saved)
        #expect(try await reopened.allCredentials().map(\.credential) == [saved])
    }

    @Test("Round-trips a DPoP-bound session: its key, its token type and the algorithms the server took (v6)")
    func roundTripsDPoPKey() async throws {
        var credential = try StoreFixture.credential()
        credential.dpopKey = DPoPSigningKey()
        credential.tokenType = "DPoP"
        credential.authorizationServer.dpopSigningAlgorithms = ["ES256", "PS256"]
        let saved = try await SQLiteCredentialsStore(path: path).replace(with: credential)
        let reopened = try await SQLiteCredentialsStore(path: path).credential(for: saved.origin)
        #expect(reopened == saved)
        #expect(reopened?.dpopKey == credential.dpopKey)
        #expect(reopened?.isDPoPBound == true)
        #expect(reopened?.authorizationServer.dpopSigningAlgorithms == ["ES256", "PS256"])
    }

    @Test("A stored DPoP key that is not a P-256 key is damage, not a session without a key")
    func refusesABrokenDPoPKey() async throws {
        var credential = try StoreFixture.credential()
        credential.dpopKey = DPoPSigningKey()
        let saved = try await SQLiteCredentialsStore(path: path).replace(with: credential)
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "UPDATE credential SET dpopKey = x'0102'") }
        try queue.close()
        await #expect(throws: (any Error).self) {
            try await SQLiteCredentialsStore(path: path).credential(for: saved.origin)
        }
    }

    @Test("A file a program left in the middle of a write (a hot rollback journal) is rolled back, its sessions whole")
    func rollsBackHotJournal() async throws {
        let saved = try await SQLiteCredentialsStore(path: path).replace(with: try StoreFixture.credential())
        let crashed = fixture.directory + "/crashed.sqlite"
        try await Self.copyInTheMiddleOfAWrite(
            path, to: crashed, update: "UPDATE credential SET scope = hex(randomblob(200000))")
        let reopened = try SQLiteCredentialsStore(path: crashed)
        #expect(try await reopened.credential(for: saved.origin) == saved)
        #expect(!FileManager.default.fileExists(atPath: crashed + "-journal"))
    }

    @Test("Another application's file left in the middle of a write is refused and left byte-identical, journal too")
    func leavesForeignHotJournal() async throws {
        try fixture.makeDirectory()
        let foreign = fixture.directory + "/foreign.sqlite"
        try await DatabaseQueue(path: foreign).write { db in
            try db.execute(
                sql: "PRAGMA application_id = 305419896; CREATE TABLE note(body TEXT); INSERT INTO note VALUES ('x')")
        }
        let crashed = fixture.directory + "/crashed.sqlite"
        try await Self.copyInTheMiddleOfAWrite(
            foreign, to: crashed, update: "UPDATE note SET body = hex(randomblob(200000))")
        let before = try [
            Data(contentsOf: URL(fileURLWithPath: crashed)),
            Data(contentsOf: URL(fileURLWithPath: crashed + "-journal")),
        ]
        #expect(throws: CredentialsStoreError.interruptedForeignWrite(path: crashed)) {
            try SQLiteCredentialsStore(path: crashed)
        }
        let after = try [
            Data(contentsOf: URL(fileURLWithPath: crashed)),
            Data(contentsOf: URL(fileURLWithPath: crashed + "-journal")),
        ]
        #expect(after == before)
    }

    /// Copies the database at `source` and its journal to `destination` while `update` is half-way: another program
    /// that switched the file out of WAL and stopped in the middle of a large write leaves this, with no process
    /// holding the copies. A hot journal.
    static func copyInTheMiddleOfAWrite(_ source: String, to destination: String, update: String) async throws {
        let other = try DatabaseQueue(path: source)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
        try other.inDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = 2; BEGIN IMMEDIATE; " + update)
            try FileManager.default.copyItem(atPath: source, toPath: destination)
            try FileManager.default.copyItem(atPath: source + "-journal", toPath: destination + "-journal")
            try db.execute(sql: "ROLLBACK")
        }
    }

    @Test(
        "Opening a current file and reading its sessions opens no write connection, and the first write opens one",
        arguments: CredentialsStorage.allCases)
    func readsWithoutWriter(storage: CredentialsStorage) async throws {
        let saved = try await fixture.store(storage).replace(with: try StoreFixture.credential())
        #expect(OpenDescriptors.count(of: path) == 0)
        let store = try fixture.store(storage)

        #expect(try await store.credential(for: saved.origin) == saved)
        #expect(try await store.allCredentials().count == 1)
        // One connection (the read-only one) holds the database file open.
        #expect(OpenDescriptors.count(of: path) == 1)

        var next = saved
        next.accessToken = Secret("a2")
        _ = try await store.save(next, ifGenerationIs: saved.generation)
        #expect(OpenDescriptors.count(of: path) == 2)
        // The reader's next transaction sees what the writer committed.
        #expect(try await store.credential(for: saved.origin)?.accessToken == Secret("a2"))
    }

    @Test("A new file is set up over the write connection and then read over the read-only one")
    func setsUpNewFileThenReads() async throws {
        let store = try SQLiteCredentialsStore(path: path)
        // The write connection that set the file up, and the read-only one.
        #expect(OpenDescriptors.count(of: path) == 2)
        let saved = try await store.replace(with: try StoreFixture.credential())
        #expect(try await store.credential(for: saved.origin) == saved)
    }

    @Test("Writes compare-and-swap on the generation", arguments: CredentialsStorage.allCases)
    func compareAndSwap(storage: CredentialsStorage) async throws {
        let store = try fixture.store(storage)
        let first = try await store.replace(with: try StoreFixture.credential())
        var next = first
        next.accessToken = Secret("a2")
        guard case .saved(let second) = try await store.save(next, ifGenerationIs: first.generation) else {
            Issue.record("expected saved")
            return
        }
        #expect(second.generation == first.generation + 1)
        let stale = try await store.save(next, ifGenerationIs: first.generation)
        #expect(stale == .conflict(current: second))
    }

    @Test(
        "Creates the directory 0700 and the database, WAL and shared-memory files 0600",
        arguments: CredentialsStorage.allCases)
    func restrictsModes(storage: CredentialsStorage) async throws {
        let store = try fixture.store(storage)
        _ = try await store.replace(with: try StoreFixture.credential())
        try await store.verifyWritable()
        #expect(try StoreFixture.mode(of: fixture.directory) == 0o700)
        for suffix in ["", "-wal", "-shm"] {
            #expect(try StoreFixture.mode(of: path + suffix) == 0o600, "mode of \(suffix)")
        }
    }

    @Test("Repairs a database file, WAL and shared-memory file that others can read")
    func repairsWideMode() async throws {
        let store = try SQLiteCredentialsStore(path: path)
        _ = try await store.replace(with: try StoreFixture.credential())
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path + suffix)
        }
        _ = try SQLiteCredentialsStore(path: path)
        for suffix in ["", "-wal", "-shm"] {
            #expect(try StoreFixture.mode(of: path + suffix) == 0o600, "mode of \(suffix)")
        }
    }

    @Test("Refuses a garbage file as corrupt and leaves it byte-identical")
    func refusesGarbage() throws {
        try fixture.makeDirectory()
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: CredentialsStoreError.corrupt(path: path)) { try SQLiteCredentialsStore(path: path) }
        #expect(try fixture.contents() == garbage)
    }

    @Test("Refuses a credentials file with a damaged table page and leaves it byte-identical")
    func refusesDamagedPage() async throws {
        do {
            let store = try SQLiteCredentialsStore(path: path)
            _ = try await store.replace(with: try StoreFixture.credential())
            _ = try await store.removeCredential(
                for: try StoreFixture.credential(host: "other.example.com").origin, account: "demo")
        }
        // Page 2 holds the credential table's b-tree; its header is overwritten with bytes no page can start with.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xEE, count: 16))
        try handle.close()
        let before = try fixture.contents()
        #expect(throws: CredentialsStoreError.corrupt(path: path)) { try SQLiteCredentialsStore(path: path) }
        #expect(try fixture.contents() == before)
    }

    @Test("Refuses a credentials file whose origin index disagrees with its rows and leaves it byte-identical")
    func refusesInconsistentIndex() async throws {
        do {
            let store = try SQLiteCredentialsStore(path: path)
            _ = try await store.replace(with: try StoreFixture.credential())
            _ = try await store.removeCredential(
                for: try StoreFixture.credential(host: "other.example.com").origin, account: "demo")
        }
        // Lookups by origin go through this index: one letter of the key it holds is changed, the row is not.
        let rootPage = try StoreFixture.value(
            at: path, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_credential_1'")
        var contents = try fixture.contents()
        let page = (rootPage - 1) * 4096..<rootPage * 4096
        let key = try #require(contents[page].firstRange(of: Data("api.example.com".utf8)))
        contents[key.lowerBound] = UInt8(ascii: "b")
        try contents.write(to: URL(fileURLWithPath: path))
        #expect(throws: CredentialsStoreError.corrupt(path: path)) { try SQLiteCredentialsStore(path: path) }
        #expect(try fixture.contents() == contents)
    }

    @Test("Refuses a database from a newer schema version and leaves it untouched")
    func refusesFutureVersion() throws {
        try fixture.makeDirectory()
        let futureVersion = SQLiteCredentialsStore.schemaVersion + 1
        // As a newer stories-cli would write it: our application id, a schema this version does not know.
        try StoreFixture.writeDatabase(
            at: path,
            """
            PRAGMA journal_mode = WAL;
            PRAGMA application_id = \(SQLiteCredentialsStore.applicationID);
            CREATE TABLE credential (origin TEXT PRIMARY KEY, future TEXT);
            PRAGMA user_version = \(futureVersion);
            """
        )
        let before = try fixture.contents()
        #expect(
            throws: CredentialsStoreError.unsupportedVersion(
                path: path,
                found: futureVersion,
                supported: SQLiteCredentialsStore.schemaVersion
            )
        ) { try SQLiteCredentialsStore(path: path) }
        #expect(try fixture.contents() == before)
    }

    @Test("Keeps the database in WAL mode with full synchronisation")
    func usesWAL() async throws {
        let store = try SQLiteCredentialsStore(path: path)
        let (mode, synchronous) = try await store.writer().read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try Int.fetchOne(db, sql: "PRAGMA synchronous")
            )
        }
        #expect(mode == "wal")
        // 2 is FULL: with NORMAL, WAL may lose the last commits on power loss, and a lost commit is a lost rotation.
        #expect(synchronous == 2)
    }

    @Test("Treats an empty file as a new database")
    func acceptsEmptyFile() async throws {
        try fixture.makeDirectory()
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try SQLiteCredentialsStore(path: path)
        #expect(try await store.allCredentials().isEmpty)
        #expect(try StoreFixture.pragma("application_id", at: path) == Int(SQLiteCredentialsStore.applicationID))
    }

    @Test("Reports a read-only file instead of failing later")
    func reportsReadOnly() async throws {
        guard getuid() == 0 else {
            _ = try SQLiteCredentialsStore(path: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
            #expect(throws: CredentialsStoreError.readOnly(path: path)) { try SQLiteCredentialsStore(path: path) }
            return
        }
        // Root ignores file modes, but not a read-only mount.
        try await SmallFileSystem.withMounted(bytes: 4 << 20) { mountPoint in
            let path = mountPoint + "/stories/credentials.sqlite"
            _ = try SQLiteCredentialsStore(path: path)
            try SmallFileSystem.remountReadOnly(mountPoint)
            #expect(throws: CredentialsStoreError.readOnly(path: path)) { try SQLiteCredentialsStore(path: path) }
        }
    }

    @Test(
        "Once the write reservation stands, a refresh's check rewrites none of it",
        arguments: CredentialsStorage.allCases)
    func standingReservationIsNotRewritten(storage: CredentialsStorage) async throws {
        let store = try fixture.store(storage)
        let first = try await store.replace(with: try StoreFixture.credential())
        try await store.verifyWritable()
        let reservation = try await Self.reservation(of: store)
        var rotated = first
        rotated.accessToken = Secret("access-1")
        guard case .saved = try await store.save(rotated, ifGenerationIs: first.generation) else {
            Issue.record("expected the successor to be saved")
            return
        }

        try await store.verifyWritable()

        #expect(try await Self.reservation(of: store) == reservation)
    }

    @Test(
        "A sign-out truncates the WAL, and the next check writes the reservation again",
        arguments: CredentialsStorage.allCases)
    func reservationIsRewrittenAfterSignOut(storage: CredentialsStorage) async throws {
        let store = try fixture.store(storage)
        let production = try await store.replace(with: try StoreFixture.credential())
        _ = try await store.replace(with: try StoreFixture.credential(host: "staging.example.com"))
        try await store.verifyWritable()
        let reservation = try await Self.reservation(of: store)
        try await store.removeCredential(for: production.origin, account: production.account)

        try await store.verifyWritable()

        #expect(try await Self.reservation(of: store) != reservation)
    }

    /// The reservation row's bytes, read over the store's connection.
    static func reservation(of store: SQLiteCredentialsStore) async throws -> Data? {
        try await store.writer().read { db in
            try Data.fetchOne(db, sql: "SELECT filler FROM \(WriteReservation.tableName) WHERE id = 1")
        }
    }

    @Test("Refuses a symbolic link in place of the file")
    func refusesSymbolicLink() throws {
        try fixture.makeDirectory()
        let target = fixture.directory + "/elsewhere.sqlite"
        #expect(FileManager.default.createFile(atPath: target, contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect(throws: CredentialsStoreError.notARegularFile(path: path)) { try SQLiteCredentialsStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).isEmpty)
    }

    @Test("Removing a credential deletes it and only it", arguments: CredentialsStorage.allCases)
    func removes(storage: CredentialsStorage) async throws {
        let store = try fixture.store(storage)
        let production = try await store.replace(with: try StoreFixture.credential())
        let staging = try await store.replace(with: try StoreFixture.credential(host: "staging.example.com"))
        #expect(try await store.removeCredential(for: production.origin, account: "demo"))
        #expect(try await store.removeCredential(for: production.origin, account: "demo") == false)
        #expect(try await store.allCredentials() == [StoredCredential(credential: staging, isActive: true)])
    }
}
