import Authorization
import Foundation
import GRDB
import Testing

@testable import CredentialsStore

/// Another connection holding SQLite's write lock (another process mid-write, or stuck) delays writes only: opening a
/// current file and reading from it never wait for it.
@Suite("Credentials store under another connection's write lock")
struct WriteLockTests {
    let fixture = StoreFixture()
    var path: String { fixture.path }
    static let busyTimeout: TimeInterval = 0.2

    @Test(
        "Opens the store and reads a credential while another connection holds the write lock past the busy timeout",
        arguments: CredentialsStorage.allCases)
    func readsWhileWriteLocked(storage: CredentialsStorage) async throws {
        let saved = try await fixture.store(storage).replace(with: try StoreFixture.credential())
        let holder = try WriteLockHolder(path: path)
        defer { try? holder.release() }
        let store = try fixture.store(storage, busyTimeout: Self.busyTimeout)
        #expect(try await store.credential(for: saved.origin) == saved)
        #expect(try await store.allCredentials() == [StoredCredential(credential: saved, isActive: true)])
    }

    @Test(
        "A write while another connection holds the write lock is reported as locked after the busy timeout",
        arguments: CredentialsStorage.allCases)
    func writesReportLocked(storage: CredentialsStorage) async throws {
        let saved = try await fixture.store(storage).replace(with: try StoreFixture.credential())
        let holder = try WriteLockHolder(path: path)
        defer { try? holder.release() }
        let store = try fixture.store(storage, busyTimeout: Self.busyTimeout)
        var next = saved
        next.accessToken = Secret("a2")
        await #expect(throws: CredentialsStoreError.locked(path: path)) {
            try await store.save(next, ifGenerationIs: saved.generation)
        }
        await #expect(throws: CredentialsStoreError.locked(path: path)) { try await store.verifyWritable() }
        try holder.release()
        #expect(try await store.credential(for: saved.origin) == saved)
    }

    @Test("A file that needs migrating while another connection holds the write lock is reported as locked, unchanged")
    func migrationReportsLocked() async throws {
        try fixture.makeDirectory()
        // A file of the previous version: it needs its application id and the newer tables.
        let migrations = CredentialsSchema.migrations[..<2].map(\.migrate)
        let database = try DatabaseQueue(path: path)
        try await database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try await database.write { db in
            for migrate in migrations { try migrate(db) }
            try db.execute(sql: "PRAGMA user_version = 2")
        }
        try database.close()
        let holder = try WriteLockHolder(path: path)
        defer { try? holder.release() }
        #expect(throws: CredentialsStoreError.locked(path: path)) {
            try SQLiteCredentialsStore(path: path, busyTimeout: Self.busyTimeout)
        }
        try holder.release()
        #expect(try StoreFixture.pragma("user_version", at: path) == 2)
        #expect(try StoreFixture.pragma("application_id", at: path) == 0)
    }
}
