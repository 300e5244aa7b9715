import Authorization
import Foundation
import GRDB
import Testing

@testable import CredentialsStore

/// The store writes only files that are its own: `PRAGMA application_id` marks them, and anything else is refused
/// untouched.
@Suite("Credentials file ownership")
struct FileOwnershipTests {
    let fixture = StoreFixture()
    var path: String { fixture.path }

    @Test("A new file is marked with the application id and the current schema version")
    func marksNewFile() async throws {
        let store = try SQLiteCredentialsStore(path: path)
        _ = try await store.replace(with: try StoreFixture.credential())
        #expect(try StoreFixture.pragma("application_id", at: path) == Int(SQLiteCredentialsStore.applicationID))
        #expect(try StoreFixture.pragma("user_version", at: path) == SQLiteCredentialsStore.schemaVersion)
    }

    struct ForeignDatabase: Sendable, CustomTestStringConvertible {
        var name: String
        var sql: String
        var applicationID: Int32
        var isWAL = false
        var testDescription: String { name }
    }

    static let foreignDatabases = [
        ForeignDatabase(
            name: "another application's id and tables",
            sql: """
                PRAGMA application_id = 1179407444;
                CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note VALUES (1, 'keep me');
                """,
            applicationID: 1_179_407_444),
        ForeignDatabase(
            name: "no application id, other tables",
            sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note VALUES (1, 'keep me');",
            applicationID: 0),
        ForeignDatabase(
            name: "no application id, other tables, WAL",
            sql: "PRAGMA journal_mode = WAL; CREATE TABLE note (id INTEGER PRIMARY KEY); INSERT INTO note VALUES (1);",
            applicationID: 0, isWAL: true),
        ForeignDatabase(
            name: "a table named credential among others",
            sql: """
                CREATE TABLE credential (origin TEXT PRIMARY KEY); CREATE TABLE note (id INTEGER PRIMARY KEY);
                PRAGMA user_version = 2;
                """,
            applicationID: 0),
        ForeignDatabase(
            name: "a table named credential with other columns",
            sql: "CREATE TABLE credential (origin TEXT PRIMARY KEY, secret BLOB); PRAGMA user_version = 1;",
            applicationID: 0),
        ForeignDatabase(
            name: "another application's id and no tables",
            sql: "PRAGMA application_id = 42;",
            applicationID: 42),
        ForeignDatabase(name: "a schema version and no tables", sql: "PRAGMA user_version = 7;", applicationID: 0),
    ]

    @Test(
        "Another application's database is refused and left byte-identical, its mode and its directory's included",
        arguments: foreignDatabases)
    func refusesForeignDatabase(_ foreign: ForeignDatabase) async throws {
        try fixture.makeDirectory(mode: 0o755)
        try StoreFixture.writeDatabase(at: path, foreign.sql)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let before = try fixture.contents()
        #expect(throws: CredentialsStoreError.foreignDatabase(path: path, applicationID: foreign.applicationID)) {
            try SQLiteCredentialsStore(path: path)
        }
        #expect(try fixture.contents() == before)
        #expect(try StoreFixture.mode(of: path) == 0o644)
        #expect(try StoreFixture.mode(of: fixture.directory) == 0o755, "the directory is not ours to tighten either")
        if !foreign.isWAL {
            // Nothing was even opened for writing: no journal appeared beside it.
            for suffix in ["-wal", "-shm", "-journal"] {
                #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(suffix)")
            }
        }
    }

    @Test("A file of the previous version (no application id) is adopted with its sessions", arguments: [1, 2])
    func adoptsPreviousVersion(version: Int) async throws {
        try fixture.makeDirectory()
        let migrations = CredentialsSchema.migrations[..<version].map(\.migrate)
        let database = try DatabaseQueue(path: path)
        try await database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try await database.write { db in
            for migrate in migrations { try migrate(db) }
            try db.execute(sql: "PRAGMA user_version = \(version)")
            try db.execute(
                sql: """
                    INSERT INTO credential (origin, scheme, host, port, basePath, account, accessToken, refreshToken,
                        tokenType, scope, expiresAt, issuedAt, generation)
                    VALUES ('https://api.example.com:443/v1', 'https', 'api.example.com', 443, '/v1', 'demo', 'a1',
                        'r1', 'Bearer', 'read', 1800000900.123456, 1800000000.654321, 4)
                    """)
        }
        try database.close()
        let store = try SQLiteCredentialsStore(path: path)
        var expected = try StoreFixture.credential()
        expected.generation = 4
        #expect(try await store.credential(for: expected.origin) == expected)
        #expect(try StoreFixture.pragma("application_id", at: path) == Int(SQLiteCredentialsStore.applicationID))
        #expect(try StoreFixture.pragma("user_version", at: path) == SQLiteCredentialsStore.schemaVersion)
    }
}
