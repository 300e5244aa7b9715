import Authorization
import Foundation
import Testing

@testable import CredentialsStore

/// A command that only reads (signed out `list`, `status`, `logout --all` with nothing stored) leaves no file and no
/// directory behind; the first write creates them as `SQLiteCredentialsStore` does.
@Suite("A credentials file created by the first write")
struct CreatedOnFirstWriteTests {
    let fixture = StoreFixture()

    @Test("Reads of a file that does not exist find nothing and create neither the file nor its directory")
    func readsCreateNothing() async throws {
        let store = DeferredSQLiteCredentialsStore(path: fixture.path)
        let origin = try StoreFixture.credential().origin
        #expect(try await store.credential(for: origin) == nil)
        #expect(try await store.credential(for: origin, account: "demo") == nil)
        #expect(try await store.allCredentials().isEmpty)
        #expect(try await store.activate(account: "demo", for: origin) == nil)
        #expect(try await store.removeCredential(for: origin, account: "demo") == false)
        #expect(!FileManager.default.fileExists(atPath: fixture.directory))
    }

    @Test("The first write creates the file, 0600 in a 0700 directory, and later reads see it")
    func firstWriteCreates() async throws {
        let store = DeferredSQLiteCredentialsStore(path: fixture.path)
        let saved = try await store.replace(with: try StoreFixture.credential())
        #expect(try StoreFixture.mode(of: fixture.path) == 0o600)
        #expect(try StoreFixture.mode(of: fixture.directory) == 0o700)
        #expect(try await store.credential(for: saved.origin) == saved)
    }

    @Test("A file another process creates meanwhile is read, not shadowed by the empty answer")
    func seesFileCreatedElsewhere() async throws {
        let store = DeferredSQLiteCredentialsStore(path: fixture.path)
        let origin = try StoreFixture.credential().origin
        #expect(try await store.credential(for: origin) == nil)
        let elsewhere = try SQLiteCredentialsStore(path: fixture.path)
        let saved = try await elsewhere.replace(with: try StoreFixture.credential())
        #expect(try await store.credential(for: origin) == saved)
    }
}
