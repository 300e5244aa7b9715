import Authorization
import Foundation
import GRDB
import Testing

@testable import CredentialsStore

/// Files written by earlier versions of the app open with their sessions intact.
@Suite("Credentials schema migration")
struct SchemaMigrationTests {
    let fixture = StoreFixture()
    var path: String { fixture.path }

    /// Schema version 3 as that version wrote it (one session per origin), spelled out rather than derived from the
    /// migrations, so that a change to an old migration cannot change what this test opens.
    static let version3 = """
        PRAGMA journal_mode = WAL;
        CREATE TABLE "credential" ("origin" TEXT PRIMARY KEY NOT NULL, "scheme" TEXT NOT NULL,
            "host" TEXT NOT NULL, "port" INTEGER NOT NULL, "basePath" TEXT NOT NULL, "account" TEXT NOT NULL,
            "accessToken" TEXT NOT NULL, "refreshToken" TEXT, "tokenType" TEXT NOT NULL, "scope" TEXT,
            "expiresAt" DOUBLE, "issuedAt" DOUBLE NOT NULL, "generation" INTEGER NOT NULL,
            "isSignInRequired" BOOLEAN NOT NULL DEFAULT 0);
        CREATE TABLE "writeReservation" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "filler" BLOB NOT NULL);
        INSERT INTO writeReservation (id, filler) VALUES (1, randomblob(65536));
        INSERT INTO credential (origin, scheme, host, port, basePath, account, accessToken, refreshToken, tokenType,
            scope, expiresAt, issuedAt, generation, isSignInRequired)
        VALUES ('https://api.example.com:443/v1', 'https', 'api.example.com', 443, '/v1', 'demo', 'a1', 'r1',
            'Bearer', 'read', 1800000900.123456, 1800000000.654321, 7, 0),
            ('https://staging.example.com:443/v1', 'https', 'staging.example.com', 443, '/v1', 'demo', 'a1', 'r1',
            'Bearer', 'read', 1800000900.123456, 1800000000.654321, 2, 0);
        PRAGMA application_id = 1398035033;
        PRAGMA user_version = 3;
        """

    @Test("A file of schema version 3 keeps each server's session, now its active account, and takes more accounts")
    func migratesVersion3() async throws {
        try fixture.makeDirectory()
        try StoreFixture.writeDatabase(at: path, Self.version3)
        let store = try SQLiteCredentialsStore(path: path)
        #expect(try StoreFixture.pragma("user_version", at: path) == SQLiteCredentialsStore.schemaVersion)
        var production = try StoreFixture.credential()
        production.generation = 7
        var staging = try StoreFixture.credential(host: "staging.example.com")
        staging.generation = 2
        #expect(try await store.credential(for: production.origin) == production)
        #expect(try await store.credential(for: production.origin, account: "demo") == production)
        // Its tokens came from the contract's endpoints under its origin, where they are refreshed and revoked.
        #expect(
            try await store.credential(for: production.origin)?.authorizationServer
                == .contract(of: production.origin))
        #expect(
            try await store.allCredentials() == [
                StoredCredential(credential: production, isActive: true),
                StoredCredential(credential: staging, isActive: true),
            ])
        // The migrated row is one account among others now.
        let other = try await store.replace(with: try StoreFixture.credential(account: "other"))
        #expect(other.generation == 8)
        #expect(try await store.credential(for: production.origin) == other)
        #expect(try await store.credential(for: production.origin, account: "demo") == production)
        // Reopened, the file is current and needs no migration.
        let reopened = try SQLiteCredentialsStore(path: path)
        #expect(try await reopened.allCredentials().count == 3)
    }

    @Test("The file enforces one active account per server")
    func oneActiveAccountPerServer() async throws {
        let store = try SQLiteCredentialsStore(path: path)
        _ = try await store.replace(with: try StoreFixture.credential(account: "alice"))
        _ = try await store.replace(with: try StoreFixture.credential(account: "bob"))
        #expect(throws: DatabaseError.self) {
            try StoreFixture.writeDatabase(at: path, "UPDATE credential SET isActive = 1")
        }
        #expect(try StoreFixture.value(at: path, sql: "SELECT count(*) FROM credential WHERE isActive") == 1)
    }
}
