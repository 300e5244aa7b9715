import Authorization
import Foundation
import Testing

@testable import CredentialsStore

@Suite("SQLiteCredentialsStore")
struct SQLiteCredentialsStoreTests {
    let directory: URL
    var path: String { directory.appendingPathComponent("data/credentials.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-tests-\(UUID().uuidString)")
    }

    static func credential(
        host: String = "api.example.com", account: String = "demo", access: String = "a1"
    ) throws
        -> Credential
    {
        Credential(
            origin: try ServerOrigin(try #require(URL(string: "https://\(host)/v1"))),
            account: account,
            accessToken: Secret(access),
            refreshToken: Secret("r1"),
            scope: "read",
            expiresAt: Date(timeIntervalSince1970: 1_800_000_900.123456),
            issuedAt: Date(timeIntervalSince1970: 1_800_000_000.654321)
        )
    }

    @Test("Round-trips a credential exactly, keyed by origin")
    func roundTrips() async throws {
        let store = try SQLiteCredentialsStore(path: path)
        let saved = try await store.replace(with: try Self.credential())
        #expect(saved.generation == 1)
        let reopened = try SQLiteCredentialsStore(path: path)
        #expect(try await reopened.credential(for: saved.origin) == saved)
        #expect(try await reopened.credential(for: try Self.credential(host: "staging.example.com").origin) == nil)
    }

    @Test("Writes compare-and-swap on the generation")
    func compareAndSwap() async throws {
        let store = try SQLiteCredentialsStore(path: path)
        let first = try await store.replace(with: try Self.credential())
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

    @Test("Creates the directory 0700 and the database, WAL and shared-memory files 0600")
    func restrictsModes() async throws {
        let store = try SQLiteCredentialsStore(path: path)
        _ = try await store.replace(with: try Self.credential())
        #expect(try Self.mode(of: (path as NSString).deletingLastPathComponent) == 0o700)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            #expect(try Self.mode(of: path + suffix) == 0o600, "mode of \(suffix)")
        }
    }

    @Test("Repairs a database file that others can read")
    func repairsWideMode() throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
        _ = try SQLiteCredentialsStore(path: path)
        #expect(try Self.mode(of: path) == 0o600)
    }

    @Test("Refuses a garbage file as corrupt and leaves it byte-identical")
    func refusesGarbage() throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: CredentialsStoreError.corrupt(path: path)) { try SQLiteCredentialsStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test("Refuses a database from a newer schema version and leaves it untouched")
    func refusesFutureVersion() throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        let futureVersion = SQLiteCredentialsStore.schemaVersion + 1
        // Written by another program, as a newer stories-cli would: the file is complete when sqlite3 exits.
        try Self.sqlite(
            path,
            "PRAGMA journal_mode = WAL; CREATE TABLE credential (origin TEXT PRIMARY KEY, future TEXT); PRAGMA user_version = \(futureVersion);"
        )
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(
            throws: CredentialsStoreError.unsupportedVersion(
                path: path,
                found: futureVersion,
                supported: SQLiteCredentialsStore.schemaVersion
            )
        ) { try SQLiteCredentialsStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("Keeps the database in WAL mode with full synchronisation")
    func usesWAL() throws {
        _ = try SQLiteCredentialsStore(path: path)
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, "PRAGMA journal_mode;"]
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let mode = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(mode.trimmingCharacters(in: .whitespacesAndNewlines) == "wal")
    }

    @Test("Treats an empty file as a new database")
    func acceptsEmptyFile() async throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try SQLiteCredentialsStore(path: path)
        #expect(try await store.allCredentials().isEmpty)
    }

    @Test("Reports a read-only file instead of failing later", .enabled(if: getuid() != 0, "root ignores file modes"))
    func reportsReadOnly() throws {
        _ = try SQLiteCredentialsStore(path: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
        #expect(throws: CredentialsStoreError.readOnly(path: path)) { try SQLiteCredentialsStore(path: path) }
    }

    @Test("A database another process keeps write-locked is reported as locked after the busy timeout")
    func reportsLocked() async throws {
        _ = try SQLiteCredentialsStore(path: path)
        let holder = Process()
        let ready = Pipe()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
                + "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(30)",
            path,
        ]
        holder.standardOutput = ready
        try holder.run()
        defer { holder.terminate() }
        // The child says when it holds the lock; reading blocks, so it happens off the cooperative pool.
        let line = await Task.detached { String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self) }
            .value
        try #require(line.contains("locked"))
        #expect(throws: CredentialsStoreError.locked(path: path)) {
            try SQLiteCredentialsStore(path: path, busyTimeout: 0.2)
        }
    }

    @Test("Removing a credential deletes it and only it")
    func removes() async throws {
        let store = try SQLiteCredentialsStore(path: path)
        let production = try await store.replace(with: try Self.credential())
        let staging = try await store.replace(with: try Self.credential(host: "staging.example.com"))
        #expect(try await store.removeCredential(for: production.origin))
        #expect(try await store.removeCredential(for: production.origin) == false)
        #expect(try await store.allCredentials() == [staging])
    }

    static func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    /// Edits a database behind the store's back, the way another program would.
    static func sqlite(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
