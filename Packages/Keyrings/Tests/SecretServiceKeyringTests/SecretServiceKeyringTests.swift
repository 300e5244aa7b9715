import Authorization
import CredentialsStore
import Foundation
import SecretServiceKeyring
import Testing

/// Against a real Secret Service. `Scripts/keyring-tests` runs each case in the surroundings it names
/// (`STORIES_KEYRING_TEST`): a gnome-keyring-daemon on a private D-Bus session (`daemon`), the same with its
/// collection locked (`locked`), no session bus at all (`no-bus`), one that never answers (`silent-bus`), one with no
/// Secret Service on it (`no-service`), and a gnome-keyring-daemon on a bus over TCP (`tcp-bus`), where reads go
/// through libsecret. Run by plain `swift test`
/// those are skipped (reported as skipped, never passed): they need a keyring the developer's machine may not have,
/// which the script starts itself and fails without. The cases of a library that is not installed need no keyring
/// and run everywhere.
@Suite("SecretServiceKeyring")
struct SecretServiceKeyringTests {
    static let surroundings = ProcessInfo.processInfo.environment["STORIES_KEYRING_TEST"]

    /// A running keyring that is unlocked: on the user's own bus (reads in a plain session) or over TCP (reads
    /// through libsecret).
    static let unlocked = surroundings == "daemon" || surroundings == "tcp-bus"

    /// The file id of a key the `daemon` surroundings store and leave, for the `locked` ones, which
    /// `Scripts/keyring-tests` runs next on the same keyring once it has locked its collection.
    static let keptForLockedFileID = "kept-for-the-locked-surroundings"

    /// The deadline the failures must come within, and a margin for a loaded machine.
    static let deadline: Duration = .seconds(3)

    @Test(
        "Stores, reads and deletes a data key in the Secret Service, one per file",
        .enabled(if: unlocked))
    func roundTrips() async throws {
        let keyring = SecretServiceKeyring(deadline: Self.deadline)
        try await keyring.checkAvailable()
        let first = DataKey.random()
        let second = DataKey.random()
        let firstID = UUID().uuidString
        let secondID = UUID().uuidString
        try await keyring.store(first, fileID: firstID, path: "/tmp/a.sqlite")
        try await keyring.store(second, fileID: secondID, path: "/tmp/b.sqlite")
        #expect(try await keyring.dataKey(fileID: firstID) == first)
        #expect(try await keyring.dataKey(fileID: secondID) == second)
        try await keyring.removeDataKey(fileID: firstID)
        await #expect(throws: KeyringError.keyMissing(fileID: firstID)) {
            _ = try await keyring.dataKey(fileID: firstID)
        }
        try await keyring.removeDataKey(fileID: firstID)
        try await keyring.removeDataKey(fileID: secondID)
    }

    @Test(
        "A sealed credentials file keeps its key in the Secret Service and no token in its bytes",
        .enabled(if: unlocked))
    func sealsAFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keyring-\(UUID().uuidString)")
        let path = directory.appendingPathComponent("credentials.sqlite").path
        let keyring = SecretServiceKeyring(deadline: Self.deadline)
        let token = "secret-service-sealed-refresh-token"
        let credential = Credential(
            origin: try ServerOrigin(try #require(URL(string: "https://api.example.com/v1"))), account: "demo",
            accessToken: Secret("secret-service-sealed-access-token"), refreshToken: Secret(token), scope: nil,
            expiresAt: nil, issuedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let saved = try await SQLiteCredentialsStore(path: path, keyring: keyring, newFileStorage: .sealed)
            .replace(with: credential)
        let reopened = try SQLiteCredentialsStore(path: path, keyring: SecretServiceKeyring(deadline: Self.deadline))
        #expect(try await reopened.credential(for: saved.origin) == saved)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes.append(FileManager.default.contents(atPath: path + "-wal") ?? Data())
        #expect(bytes.range(of: Data(token.utf8)) == nil)
        try await reopened.convert(to: .plain)
        try? FileManager.default.removeItem(at: directory)
    }

    @Test(
        "A key stored by one keyring is read by another, which is how each command finds its file's key",
        .enabled(if: surroundings == "daemon"))
    func anotherKeyringReadsAStoredKey() async throws {
        let key = DataKey.random()
        try await SecretServiceKeyring(deadline: Self.deadline)
            .store(key, fileID: Self.keptForLockedFileID, path: "/tmp/kept.sqlite")
        #expect(
            try await SecretServiceKeyring(deadline: Self.deadline).dataKey(fileID: Self.keptForLockedFileID) == key)
    }

    @Test(
        "Where libsecret is not installed, storing, deleting and checking are unavailable and name the library",
        .enabled(if: surroundings == nil || unlocked))
    func libSecretNotInstalled() async throws {
        let missing = "libsecret-not-installed-\(UUID().uuidString).so.0"
        let keyring = SecretServiceKeyring(
            deadline: Self.deadline,
            libraries: SecretServiceLibraryNames(gio: SecretServiceLibraryNames.system.gio, libSecret: missing))
        let expected = KeyringError.unavailable(reason: "\(missing) is not installed")
        await #expect(throws: expected) { try await keyring.checkAvailable() }
        await #expect(throws: expected) {
            try await keyring.store(DataKey.random(), fileID: "none", path: "/tmp/none.sqlite")
        }
        await #expect(throws: expected) { try await keyring.removeDataKey(fileID: "none") }
    }

    @Test(
        "Where GIO is not installed, even a read is unavailable and names the library",
        .enabled(if: surroundings == nil || unlocked))
    func gioNotInstalled() async throws {
        let missing = "libgio-not-installed-\(UUID().uuidString).so.0"
        let keyring = SecretServiceKeyring(
            deadline: Self.deadline,
            libraries: SecretServiceLibraryNames(gio: missing, libSecret: SecretServiceLibraryNames.system.libSecret))
        await #expect(throws: KeyringError.unavailable(reason: "\(missing) is not installed")) {
            _ = try await keyring.dataKey(fileID: "none")
        }
    }

    @Test(
        "Without a session bus every call fails as unavailable within the deadline",
        .enabled(if: surroundings == "no-bus"))
    func noBus() async throws {
        let keyring = SecretServiceKeyring(deadline: Self.deadline)
        let start = ContinuousClock.now
        await #expect {
            try await keyring.checkAvailable()
        } throws: { error in
            switch error as? KeyringError {
            case .unavailable, .timedOut: true
            default: false
            }
        }
        await #expect(throws: KeyringError.self) { _ = try await keyring.dataKey(fileID: "none") }
        await #expect(throws: KeyringError.self) {
            try await keyring.store(DataKey.random(), fileID: "none", path: "/tmp/none.sqlite")
        }
        #expect(ContinuousClock.now - start < Self.deadline * 3 + .seconds(1))
    }

    @Test(
        "On a session bus without a Secret Service every call fails as unavailable",
        .enabled(if: surroundings == "no-service"))
    func noService() async throws {
        let keyring = SecretServiceKeyring(deadline: Self.deadline)
        let unavailable: @Sendable (any Error) -> Bool = { error in
            if case .unavailable = error as? KeyringError { return true }
            return false
        }
        await #expect(performing: { try await keyring.checkAvailable() }, throws: unavailable)
        await #expect(performing: { _ = try await keyring.dataKey(fileID: "none") }, throws: unavailable)
        await #expect(
            performing: { try await keyring.store(DataKey.random(), fileID: "none", path: "/tmp/none.sqlite") },
            throws: unavailable)
    }

    @Test(
        "A session bus that accepts the connection and never answers is a timeout at the deadline, not a hang",
        .enabled(if: surroundings == "silent-bus"))
    func silentBus() async throws {
        let deadline: Duration = .seconds(1)
        let keyring = SecretServiceKeyring(deadline: deadline)
        let start = ContinuousClock.now
        await #expect(throws: KeyringError.timedOut(deadline: deadline)) {
            try await keyring.checkAvailable()
        }
        await #expect(throws: KeyringError.timedOut(deadline: deadline)) {
            _ = try await keyring.dataKey(fileID: "none")
        }
        #expect(ContinuousClock.now - start < deadline * 4)
    }

    @Test(
        "A locked collection is reported as locked within the deadline, and nothing is stored",
        .enabled(if: surroundings == "locked"))
    func locked() async throws {
        let keyring = SecretServiceKeyring(deadline: Self.deadline)
        let start = ContinuousClock.now
        await #expect {
            try await keyring.checkAvailable()
        } throws: { error in
            if case .locked = error as? KeyringError { return true }
            return false
        }
        await #expect {
            try await keyring.store(DataKey.random(), fileID: "locked", path: "/tmp/locked.sqlite")
        } throws: { error in
            if case .locked = error as? KeyringError { return true }
            return false
        }
        #expect(ContinuousClock.now - start < Self.deadline * 2 + .seconds(1))
    }

    @Test(
        "A key read from a locked collection is reported as locked, never as missing, whether its item is there or not",
        .enabled(if: surroundings == "locked"),
        arguments: [keptForLockedFileID, "never-stored"])
    func readsLocked(fileID: String) async throws {
        let keyring = SecretServiceKeyring(deadline: Self.deadline)
        await #expect {
            _ = try await keyring.dataKey(fileID: fileID)
        } throws: { error in
            if case .locked = error as? KeyringError { return true }
            return false
        }
    }
}
