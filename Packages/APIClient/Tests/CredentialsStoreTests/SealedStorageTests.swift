import Authorization
import Foundation
import GRDB
import RFC9449
import Testing

@testable import CredentialsStore

/// Sealed storage over an in-memory keyring: tokens at rest under the file's data key, bound to their row and
/// column, and a file whose key is gone reported as such.
@Suite("Sealed storage")
struct SealedStorageTests {
    let fixture = StoreFixture()
    var path: String { fixture.path }

    func sealedStore(_ keyring: InMemoryDataKeyStore, path: String? = nil) throws -> SQLiteCredentialsStore {
        try SQLiteCredentialsStore(path: path ?? self.path, keyring: keyring, newFileStorage: .sealed)
    }

    /// Every byte of the database and its WAL.
    func fileBytes(_ path: String) throws -> Data {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        if let wal = FileManager.default.contents(atPath: path + "-wal") { bytes.append(wal) }
        return bytes
    }

    static let accessToken = "access-token-that-must-not-be-on-disk"
    static let refreshToken = "refresh-token-that-must-not-be-on-disk"

    func credential(account: String = "demo") throws -> Credential {
        var credential = try StoreFixture.credential(account: account, access: Self.accessToken)
        credential.refreshToken = Secret(Self.refreshToken)
        return credential
    }

    @Test("A new sealed file round-trips its sessions, records its storage, and holds no token in its bytes")
    func sealsAtRest() async throws {
        let keyring = InMemoryDataKeyStore()
        let store = try sealedStore(keyring)
        let saved = try await store.replace(with: try credential())
        #expect(try await store.storage() == .sealed)
        let reopened = try sealedStore(keyring)
        #expect(try await reopened.credential(for: saved.origin) == saved)
        let bytes = try fileBytes(path)
        for token in [Self.accessToken, Self.refreshToken] {
            #expect(bytes.range(of: Data(token.utf8)) == nil)
        }
        #expect(await keyring.fileIDs.count == 1)
    }

    @Test("A session's DPoP private key is sealed like its tokens: neither its bytes nor their base64 are in the file")
    func sealsDPoPKey() async throws {
        let keyring = InMemoryDataKeyStore()
        let store = try sealedStore(keyring)
        var bound = try credential()
        let key = DPoPSigningKey()
        bound.dpopKey = key
        let saved = try await store.replace(with: bound)
        let reopened = try await sealedStore(keyring).credential(for: saved.origin)
        #expect(reopened?.dpopKey?.storedRepresentation == key.storedRepresentation)
        let bytes = try fileBytes(path)
        let raw = key.storedRepresentation
        for encoding in [raw, Data(raw.base64EncodedString().utf8)] {
            #expect(bytes.range(of: encoding) == nil)
        }
    }

    @Test("Two processes making the first sealed write of a new file at once agree on one key, and both writes stand")
    func concurrentFirstWritesAgreeOnOneKey() async throws {
        let keyring = GatedKeyring(parties: 2)
        // Two connections to one new file, as two processes would hold; each makes a key before either records it.
        let first = try SQLiteCredentialsStore(path: path, keyring: keyring, newFileStorage: .sealed)
        let second = try SQLiteCredentialsStore(path: path, keyring: keyring, newFileStorage: .sealed)
        async let alice = first.replace(with: try credential(account: "alice"))
        async let bob = second.replace(with: try credential(account: "bob"))
        let saved = try await [alice, bob]
        #expect(await keyring.fileIDs.count == 1)
        let reader = try SQLiteCredentialsStore(path: path, keyring: keyring)
        let stored = try await reader.allCredentials().map(\.credential.account)
        #expect(stored == saved.map(\.account).sorted())
    }

    @Test("Two files have two keys")
    func oneKeyPerFile() async throws {
        let keyring = InMemoryDataKeyStore()
        _ = try await sealedStore(keyring).replace(with: try credential())
        _ = try await sealedStore(keyring, path: fixture.directory + "/other.sqlite").replace(with: try credential())
        #expect(await keyring.fileIDs.count == 2)
    }

    @Test("A sealed value moved to another row or column does not open, and is reported as altered")
    func bindsValuesToTheirRowAndColumn() async throws {
        let keyring = InMemoryDataKeyStore()
        let store = try sealedStore(keyring)
        let first = try await store.replace(with: try credential(account: "alice"))
        _ = try await store.replace(with: try credential(account: "bob"))
        let database = try DatabaseQueue(path: path)
        try await database.write { db in
            // Bob's access token into Alice's row.
            try db.execute(
                sql: """
                    UPDATE credential SET accessToken = (SELECT accessToken FROM credential WHERE account = 'bob')
                    WHERE account = 'alice'
                    """)
        }
        try database.close()
        await #expect(throws: CredentialsStoreError.sealedValueRejected(path: path, column: "accessToken")) {
            _ = try await sealedStore(keyring).credential(for: first.origin, account: "alice")
        }
        let swapped = try DatabaseQueue(path: path)
        try await swapped.write { db in
            // Bob's refresh token into his own access token column.
            try db.execute(sql: "UPDATE credential SET accessToken = refreshToken WHERE account = 'bob'")
        }
        try swapped.close()
        await #expect(throws: CredentialsStoreError.sealedValueRejected(path: path, column: "accessToken")) {
            _ = try await sealedStore(keyring).credential(for: first.origin, account: "bob")
        }
    }

    @Test("A file whose key the keyring does not have is reported as sealed by another keyring, not as damage")
    func reportsAMissingKey() async throws {
        let keyring = InMemoryDataKeyStore()
        let saved = try await sealedStore(keyring).replace(with: try credential())
        await keyring.removeAll()
        let store = try sealedStore(keyring)
        await #expect {
            _ = try await store.credential(for: saved.origin)
        } throws: { error in
            guard case .keyring(path: path, failure: .keyMissing) = error as? CredentialsStoreError else {
                return false
            }
            return true
        }
        // Signing out needs no key.
        #expect(try await store.removeCredential(for: saved.origin, account: saved.account))
    }

    @Test("A sign-in over a file whose key is gone gives it a new key and drops the sessions no key opens")
    func signInRekeys() async throws {
        let keyring = InMemoryDataKeyStore()
        let old = try await sealedStore(keyring).replace(with: try credential(account: "old"))
        await keyring.removeAll()
        let store = try sealedStore(keyring)
        let saved = try await store.replace(with: try credential(account: "new"))
        #expect(try await store.allCredentials().map(\.credential) == [saved])
        #expect(try await store.credential(for: old.origin, account: "old") == nil)
        #expect(await keyring.fileIDs.count == 1)
    }

    @Test(
        "Preparing a sign-in over a file whose key is gone starts it over with a new key, so the sign-in reads nothing")
    func preparingRekeys() async throws {
        let keyring = InMemoryDataKeyStore()
        let old = try await sealedStore(keyring).replace(with: try credential())
        await keyring.removeAll()
        let store = try sealedStore(keyring)
        try await store.prepareForSignIn()
        #expect(try await store.credential(for: old.origin) == nil)
        #expect(try await store.allCredentials().isEmpty)
        #expect(await keyring.fileIDs.count == 1)
    }

    @Test(
        "Without a usable keyring, a sealed file's reads and writes fail with the keyring's typed failure",
        arguments: [
            KeyringError.unavailable(reason: "no session bus"), .locked(collection: "login"),
            .timedOut(deadline: .seconds(5)), .denied,
        ])
    func keyringFailuresAreTyped(_ failure: KeyringError) async throws {
        let keyring = InMemoryDataKeyStore()
        let saved = try await sealedStore(keyring).replace(with: try credential())
        await keyring.fail(with: failure)
        let store = try sealedStore(keyring)
        await #expect(throws: CredentialsStoreError.keyring(path: path, failure: failure)) {
            _ = try await store.credential(for: saved.origin)
        }
        await #expect(throws: CredentialsStoreError.keyring(path: path, failure: failure)) {
            try await store.prepareForSignIn()
        }
        await #expect(throws: CredentialsStoreError.keyring(path: path, failure: failure)) {
            _ = try await store.replace(with: try credential(account: "other"))
        }
    }

    @Test(
        "Without a usable keyring, a sealed file's session facts are still read, equal to those read with it, and verifyDataKey throws the keyring's failure"
    )
    func factsWithoutKeyring() async throws {
        let keyring = InMemoryDataKeyStore()
        let store = try sealedStore(keyring)
        var bound = try credential()
        bound.dpopKey = DPoPSigningKey()
        bound.tokenType = "DPoP"
        _ = try await store.replace(with: bound)
        _ = try await store.replace(with: try credential(account: "other"))
        let withKey = try await store.allCredentials().map(StoredSessionFacts.init)
        try await store.verifyDataKey()

        let failure = KeyringError.unavailable(reason: "no session bus")
        await keyring.fail(with: failure)
        let reopened = try sealedStore(keyring)
        #expect(try await reopened.allSessionFacts() == withKey)
        #expect(withKey.map(\.account) == ["demo", "other"])
        #expect(withKey.map(\.isDPoPBound) == [true, false])
        await #expect(throws: CredentialsStoreError.keyring(path: path, failure: failure)) {
            try await reopened.verifyDataKey()
        }
    }

    @Test("A sealed file left with no session is made plain without its keyring; one that holds a session stays sealed")
    func emptySealedFileMadePlain() async throws {
        let keyring = InMemoryDataKeyStore()
        let store = try sealedStore(keyring)
        let saved = try await store.replace(with: try credential())
        await keyring.fail(with: .unavailable(reason: "no session bus"))
        #expect(try await store.makePlainIfEmpty() == false)
        #expect(try await store.storage() == .sealed)
        #expect(try await store.removeCredential(for: saved.origin, account: saved.account))
        #expect(try await store.makePlainIfEmpty())
        #expect(try await store.storage() == .plain)
        // The keyring could not be asked to delete the key: a leftover key seals nothing.
        #expect(await keyring.fileIDs.count == 1)
        _ = try await store.replace(with: try credential())
        #expect(try await store.allCredentials().count == 1)
    }

    @Test("A new file in plain storage never asks the keyring")
    func plainNeverAsks() async throws {
        let keyring = InMemoryDataKeyStore(failure: .unavailable(reason: "no session bus"))
        let store = try SQLiteCredentialsStore(path: path, keyring: keyring, newFileStorage: .plain)
        try await store.prepareForSignIn()
        let saved = try await store.replace(with: try credential())
        #expect(try await store.credential(for: saved.origin) == saved)
        #expect(try await store.storage() == .plain)
    }

    @Test("Sealing a plain file and unsealing it again keeps every session, and sealing leaves no token in the bytes")
    func convertsBothWays() async throws {
        let keyring = InMemoryDataKeyStore()
        let plain = try SQLiteCredentialsStore(path: path, keyring: keyring)
        let alice = try await plain.replace(with: try credential(account: "alice"))
        let bob = try await plain.replace(with: try credential(account: "bob"))
        let before = try await plain.allCredentials()
        #expect(try fileBytes(path).range(of: Data(Self.refreshToken.utf8)) != nil)

        #expect(try await plain.convert(to: .sealed))
        #expect(try await plain.storage() == .sealed)
        #expect(try await SQLiteCredentialsStore(path: path, keyring: keyring).allCredentials() == before)
        let bytes = try fileBytes(path)
        #expect(bytes.range(of: Data(Self.refreshToken.utf8)) == nil)
        #expect(bytes.range(of: Data(Self.accessToken.utf8)) == nil)
        #expect(try await plain.convert(to: .sealed) == false)

        let store = try SQLiteCredentialsStore(path: path, keyring: keyring)
        #expect(try await store.convert(to: .plain))
        #expect(try await store.storage() == .plain)
        #expect(try await SQLiteCredentialsStore(path: path).allCredentials() == before)
        #expect(await keyring.fileIDs.isEmpty)
        #expect(try await store.credential(for: alice.origin, account: "bob") == bob)
    }

    @Test("A file of the previous schema version is plain storage, its sessions kept")
    func existingFilesArePlain() async throws {
        let saved = try await SQLiteCredentialsStore(path: path).replace(with: try credential())
        // As the version before sealed storage left it: no storage table.
        let previousVersion = CredentialsSchema.currentVersion - 1
        let database = try DatabaseQueue(path: path)
        try await database.write { db in
            try db.execute(sql: "DROP TABLE storage; PRAGMA user_version = \(previousVersion)")
        }
        try database.close()
        let store = try sealedStore(InMemoryDataKeyStore())
        #expect(try await store.storage() == .plain)
        #expect(try await store.credential(for: saved.origin) == saved)
    }
}
