import Authorization
import Foundation
import Testing

@testable import CredentialsStore

/// The directory holds the `-wal`, `-shm` and lock files too, so it must be the user's alone.
@Suite("Credentials directory permissions")
struct DirectoryPermissionTests {
    let fixture = StoreFixture()
    var path: String { fixture.path }

    static var nobody: UInt32 { getpwnam("nobody").map { $0.pointee.pw_uid } ?? 65534 }

    @Test("An existing directory others can read or write is restricted to 0700", arguments: [0o755, 0o777, 0o750])
    func tightensWideDirectory(mode: Int) async throws {
        try fixture.makeDirectory(mode: mode)
        _ = try SQLiteCredentialsStore(path: path)
        #expect(try StoreFixture.mode(of: fixture.directory) == 0o700)
    }

    @Test(
        "A file directly in the home directory leaves the home directory's mode as the user set it",
        arguments: [0o755, 0o750, 0o711])
    func leavesHomeDirectoryAlone(mode: Int) async throws {
        try fixture.makeDirectory(mode: mode)
        _ = try SQLiteCredentialsStore(path: path, homeDirectory: { fixture.directory })
        #expect(try StoreFixture.mode(of: fixture.directory) == mode)
        #expect(try StoreFixture.mode(of: path) == 0o600)
    }

    @Test("A home directory others can write to is refused, and nothing is left in it", arguments: [0o777, 0o775])
    func refusesWritableHomeDirectory(mode: Int) throws {
        try fixture.makeDirectory(mode: mode)
        #expect(
            throws: CredentialsStoreError.insecureDirectory(path: fixture.directory, mode: String(mode, radix: 8))
        ) {
            try SQLiteCredentialsStore(path: path, homeDirectory: { fixture.directory })
        }
        #expect(try StoreFixture.mode(of: fixture.directory) == mode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory).isEmpty)
    }

    @Test("A shared directory (sticky, writable by everyone) is refused and nothing is created in it")
    func refusesSharedDirectory() throws {
        try fixture.makeDirectory(mode: 0o1777)
        #expect(throws: CredentialsStoreError.insecureDirectory(path: fixture.directory, mode: "1777")) {
            try SQLiteCredentialsStore(path: path)
        }
        #expect(try StoreFixture.mode(of: fixture.directory) == 0o1777)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "A directory owned by another user is refused and nothing is created in it",
        .enabled(if: getuid() == 0, "needs root to give a directory to another user")
    )
    func refusesDirectoryOfAnotherUser() throws {
        try fixture.makeDirectory(mode: 0o700)
        #expect(chown(fixture.directory, Self.nobody, getgid()) == 0)
        #expect(throws: CredentialsStoreError.ownedByAnotherUser(path: fixture.directory, owner: Self.nobody)) {
            try SQLiteCredentialsStore(path: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "A WAL file planted by another user beside ours is refused",
        .enabled(if: getuid() == 0, "needs root to give a file to another user")
    )
    func refusesPlantedWAL() async throws {
        // Kept open, so its WAL file stays: closing the last connection deletes it.
        let first = try SQLiteCredentialsStore(path: path)
        _ = try await first.replace(with: try StoreFixture.credential())
        #expect(chown(path + "-wal", Self.nobody, getgid()) == 0)
        #expect(throws: CredentialsStoreError.ownedByAnotherUser(path: path + "-wal", owner: Self.nobody)) {
            try SQLiteCredentialsStore(path: path)
        }
        withExtendedLifetime(first) {}
    }

    @Test(
        "A credentials file owned by another user is refused and left as it is",
        .enabled(if: getuid() == 0, "needs root to give a file to another user")
    )
    func refusesFileOfAnotherUser() throws {
        try fixture.makeDirectory(mode: 0o700)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o644]))
        #expect(chown(path, Self.nobody, getgid()) == 0)
        #expect(throws: CredentialsStoreError.ownedByAnotherUser(path: path, owner: Self.nobody)) {
            try SQLiteCredentialsStore(path: path)
        }
        #expect(try StoreFixture.mode(of: path) == 0o644)
        #expect(try fixture.contents().isEmpty)
    }
}
