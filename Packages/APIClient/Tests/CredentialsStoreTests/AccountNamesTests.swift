import Authorization
import Foundation
import Testing

@testable import CredentialsStore

/// The account names a shell's completion offers, read from the file with nothing taken, created or changed.
@Suite("Account names for shell completion")
struct AccountNamesTests {
    let fixture = StoreFixture()

    static func origin(_ host: String = "api.example.com") throws -> ServerOrigin {
        try StoreFixture.credential(host: host).origin
    }

    /// The modes of the store's directory and of everything in it but SQLite's own `-wal` and `-shm`, which any
    /// reader of a WAL file opens (creating them if every process had closed the file, as every command's reads do).
    func listing() throws -> [String: Int] {
        var entries = [fixture.directory: try StoreFixture.mode(of: fixture.directory)]
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.directory)
        where !name.hasSuffix("-wal") && !name.hasSuffix("-shm") {
            entries[name] = try StoreFixture.mode(of: fixture.directory + "/" + name)
        }
        return entries
    }

    @Test("The accounts of one server, sorted, whichever is active; other servers' accounts are not offered")
    func accountsOfOneServer() async throws {
        let store = try SQLiteCredentialsStore(path: fixture.path)
        _ = try await store.replace(with: try StoreFixture.credential(account: "zoe"))
        _ = try await store.replace(with: try StoreFixture.credential(account: "alice"))
        _ = try await store.replace(with: try StoreFixture.credential(host: "other.example.com", account: "bob"))
        #expect(
            try SQLiteCredentialsStore.accountNames(inFileAt: fixture.path, for: Self.origin()) == ["alice", "zoe"])
        #expect(try SQLiteCredentialsStore.accountNames(inFileAt: fixture.path, for: Self.origin("none.example")) == [])
    }

    @Test("No file: no names, and neither the file nor its directory is created")
    func missingFile() throws {
        #expect(try SQLiteCredentialsStore.accountNames(inFileAt: fixture.path, for: Self.origin()) == [])
        #expect(!FileManager.default.fileExists(atPath: fixture.directory))
    }

    @Test("Reading takes no lock and changes nothing: no lock file, no mode, no content")
    func readsOnly() async throws {
        do {
            let store = try SQLiteCredentialsStore(path: fixture.path)
            _ = try await store.replace(with: try StoreFixture.credential(account: "demo"))
        }
        // Modes the store would restrict on open: reading for completion leaves them as they are.
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: fixture.path)
        let before = try listing()
        let contents = try fixture.contents()
        #expect(try SQLiteCredentialsStore.accountNames(inFileAt: fixture.path, for: Self.origin()) == ["demo"])
        #expect(try listing() == before)
        #expect(try fixture.contents() == contents)
    }

    @Test("Another application's database is refused as opening the store refuses it, and left as it was")
    func foreignFile() throws {
        try fixture.makeDirectory()
        try StoreFixture.writeDatabase(at: fixture.path, "CREATE TABLE notes (body TEXT)")
        let contents = try fixture.contents()
        #expect(throws: CredentialsStoreError.self) {
            try SQLiteCredentialsStore.accountNames(inFileAt: fixture.path, for: Self.origin())
        }
        #expect(try fixture.contents() == contents)
    }
}
