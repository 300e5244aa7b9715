import Authorization
import Foundation
import GRDB
import Testing

@testable import CredentialsStore

/// `verifyWritable()` runs before a refresh token is spent: if it passes, the successor must be storable even when the
/// disk fills up right after; if the disk is already full, it must say so and change nothing. Checked on a real,
/// size-limited tmpfs, with and without another connection to the file (another process) open.
@Suite(
    "Credentials store on a full disk",
    .enabled(if: SmallFileSystem.isAvailable, SmallFileSystem.unavailableReason)
)
struct FullDiskTests {
    static let fileSystemBytes = 1 << 20

    /// A token pair the size real servers issue (a signed JWT access token, an opaque refresh token).
    static func rotated(_ credential: Credential, round: Int) -> Credential {
        var next = credential
        next.accessToken = Secret(String(repeating: "a\(round)", count: 900))
        next.refreshToken = Secret(String(repeating: "r\(round)", count: 200))
        return next
    }

    /// Another process with the file open: it has read from it, so it holds the WAL open, and is idle.
    static func openOtherConnection(_ path: String) throws -> DatabaseQueue {
        let other = try DatabaseQueue(path: path)
        _ = try other.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM credential") }
        return other
    }

    @Test("A file closed by every process, opened to read on a full disk, is reported as a full disk, not an I/O error")
    func readingOnFullDiskWithoutSharedMemory() async throws {
        try await SmallFileSystem.withMounted(bytes: Self.fileSystemBytes) { mountPoint in
            let path = mountPoint + "/data/credentials.sqlite"
            let saved = try await SQLiteCredentialsStore(path: path).replace(with: try StoreFixture.credential())
            // The last connection closed and removed the WAL's shared-memory file, which a reader must create anew.
            try #require(!FileManager.default.fileExists(atPath: path + "-shm"))
            try SmallFileSystem.fill(mountPoint)
            do {
                let store = try SQLiteCredentialsStore(path: path)
                #expect(try await store.credential(for: saved.origin) == saved)
            } catch {
                #expect(error as? CredentialsStoreError == .diskFull(path: path), "\(error)")
            }
        }
    }

    @Test(
        "With the disk already full, verifyWritable reports it and the session stays as it was",
        arguments: [false, true])
    func fullDiskIsReported(withOtherConnection: Bool) async throws {
        try await SmallFileSystem.withMounted(bytes: Self.fileSystemBytes) { mountPoint in
            let path = mountPoint + "/data/credentials.sqlite"
            let store = try SQLiteCredentialsStore(path: path)
            let saved = try await store.replace(with: Self.rotated(try StoreFixture.credential(), round: 0))
            let other = withOtherConnection ? try Self.openOtherConnection(path) : nil
            try SmallFileSystem.fill(mountPoint)

            await #expect(throws: CredentialsStoreError.diskFull(path: path)) { try await store.verifyWritable() }
            #expect(try await store.credential(for: saved.origin) == saved)
            try other?.close()
        }
    }

    @Test("A standing reservation ends with a sign-out: on a full disk after it, verifyWritable reports the disk again")
    func fullDiskIsReportedAfterSignOut() async throws {
        try await SmallFileSystem.withMounted(bytes: Self.fileSystemBytes) { mountPoint in
            let path = mountPoint + "/data/credentials.sqlite"
            let store = try SQLiteCredentialsStore(path: path)
            let production = try await store.replace(with: Self.rotated(try StoreFixture.credential(), round: 0))
            let staging = try await store.replace(
                with: Self.rotated(try StoreFixture.credential(host: "staging.example.com"), round: 0))
            try await store.verifyWritable()
            try await store.removeCredential(for: production.origin, account: production.account)
            try SmallFileSystem.fill(mountPoint)

            await #expect(throws: CredentialsStoreError.diskFull(path: path)) { try await store.verifyWritable() }
            #expect(try await store.credential(for: staging.origin) == staging)
        }
    }

    @Test(
        "Once verifyWritable passes, the successor is stored though the disk fills up before it is written, refresh after refresh",
        arguments: [false, true])
    func verifiedWriteSucceedsOnFullDisk(withOtherConnection: Bool) async throws {
        try await SmallFileSystem.withMounted(bytes: Self.fileSystemBytes) { mountPoint in
            let path = mountPoint + "/data/credentials.sqlite"
            let store = try SQLiteCredentialsStore(path: path)
            var current = try await store.replace(with: Self.rotated(try StoreFixture.credential(), round: 0))
            let other = withOtherConnection ? try Self.openOtherConnection(path) : nil

            try await store.verifyWritable()
            try SmallFileSystem.fill(mountPoint)
            // The space proven before the disk filled up is reused by every later check and successor of that size.
            for round in 1...3 {
                if round > 1 { try await store.verifyWritable() }
                let result = try await store.save(
                    Self.rotated(current, round: round), ifGenerationIs: current.generation)
                guard case .saved(let next) = result else {
                    Issue.record("expected the successor to be saved, got \(result)")
                    return
                }
                current = next
            }
            #expect(try await store.credential(for: current.origin) == current)
            if let other {
                let generation = try await other.read { db in
                    try Int64.fetchOne(db, sql: "SELECT generation FROM credential")
                }
                #expect(generation == current.generation)
                try other.close()
            }
        }
    }
}
