import APIClientTestSupport
import CredentialsStore
import Foundation
import Subprocess
import Testing

@testable import Authorization

/// Two coordinators over two connections to one SQLite file, sharing one `FileLock` — what two processes do, in one
/// process (flock locks belong to open file descriptions, so two descriptors in one process exclude each other).
/// Over both storages: plain, and sealed with one keyring the two "processes" share, as a user's processes do.
@Suite("Refreshing across processes")
struct CrossProcessRefreshTests {
    let keyring = InMemoryDataKeyStore()

    func store(_ storage: CredentialsStorage) throws -> SQLiteCredentialsStore {
        try SQLiteCredentialsStore(path: databasePath, keyring: keyring, newFileStorage: storage)
    }

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xproc-\(UUID().uuidString)")
    var databasePath: String { directory.appendingPathComponent("credentials.sqlite").path }
    var lockPath: String { databasePath + ".lock" }

    func coordinator(
        endpoint: ScriptedTokenEndpoint, clock: TestClock, storage: CredentialsStorage = .plain
    ) throws -> SessionCoordinator {
        SessionCoordinator(
            origin: SessionFixture.origin,
            store: try store(storage),
            tokenEndpoint: endpoint.endpoint(clock: clock),
            lock: FileLock(path: lockPath),
            now: clock.function
        )
    }

    @Test(
        "Two processes that find the token expired make one refresh request between them",
        arguments: CredentialsStorage.allCases)
    func oneRefreshForTwoProcesses(storage: CredentialsStorage) async throws {
        let clock = TestClock()
        let seed = try store(storage)
        _ = try await seed.replace(
            with: Credential.fixture(origin: SessionFixture.origin, issuedAt: clock.now)
        )
        let endpoint = ScriptedTokenEndpoint()
        let first = try coordinator(endpoint: endpoint, clock: clock, storage: storage)
        let second = try coordinator(endpoint: endpoint, clock: clock, storage: storage)
        // Both load the session before it expires, as two running processes would have.
        _ = try await first.currentAuthorization()
        _ = try await second.currentAuthorization()
        clock.advance(by: 901)
        async let a = first.currentAuthorization()
        async let b = second.currentAuthorization()
        let (firstToken, secondToken) = try await (a, b)
        #expect(firstToken == secondToken)
        #expect(endpoint.presentedRefreshTokens == ["refresh-0"])
        let stored = try #require(try await seed.credential(for: SessionFixture.origin))
        #expect(stored.accessToken == firstToken.accessToken)
    }

    @Test(
        "A transient refresh failure leaves the SQLite row byte-identical",
        arguments: [
            ScriptedTokenEndpoint.Outcome.status(503), .unreachable(.connectionRefused), .status(429),
        ], CredentialsStorage.allCases)
    func transientFailureLeavesRowIdentical(
        outcome: ScriptedTokenEndpoint.Outcome, storage: CredentialsStorage
    ) async throws {
        let clock = TestClock()
        let store = try store(storage)
        _ = try await store.replace(
            with: Credential.fixture(origin: SessionFixture.origin, issuedAt: clock.now)
        )
        let before = try await Self.rowBytes(databasePath)
        let coordinator = try coordinator(
            endpoint: ScriptedTokenEndpoint(outcomes: [outcome]), clock: clock, storage: storage)
        clock.advance(by: 901)
        await #expect(throws: AuthorizationError.self) { try await coordinator.currentAuthorization() }
        #expect(try await Self.rowBytes(databasePath) == before)
    }

    /// Every column of every row, hex-encoded by sqlite3 itself (so the comparison is of stored bytes).
    static func rowBytes(_ path: String) async throws -> String {
        let sqlite = try await Subprocess.run(
            .name("sqlite3"),
            arguments: [
                path,
                "SELECT hex(origin), hex(account), hex(accessToken), hex(refreshToken), hex(tokenType), hex(scope), "
                    + "hex(expiresAt), hex(issuedAt), generation, isSignInRequired FROM credential",
            ],
            output: .string(limit: 1 << 20), error: .currentStandardError)
        // A missing sqlite3 (`run` throws) or an unreadable file must fail the test, not compare two empty strings.
        try #require(sqlite.terminationStatus == .exited(0), "sqlite3 failed (its error is above); CI installs it")
        let text = sqlite.standardOutput
        try #require(!text.isEmpty, "no row was read")
        return text
    }

    @Test("A process killed while holding the lock releases it: the next one gets it instead of timing out")
    func lockIsReleasedWhenHolderDies() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // One process that takes the lock and sleeps, like a stories-cli stuck mid-refresh. Should the body throw,
        // swift-subprocess kills it.
        let holder = try await Subprocess.run(
            .name("python3"),
            arguments: [
                "-c",
                "import fcntl, sys, time; f = open(sys.argv[1], 'a'); fcntl.flock(f, fcntl.LOCK_EX); time.sleep(3600)",
                lockPath,
            ],
            input: .none, output: .currentStandardError, error: .currentStandardError
        ) { holder in
            // Wait (bounded) until the child holds the lock: a zero-timeout attempt fails exactly then.
            let probe = FileLock(path: lockPath, timeout: .zero)
            var held = false
            for _ in 0..<500 where !held {
                do {
                    try await probe.withLock {}
                    try await Task.sleep(for: .milliseconds(10))
                } catch CredentialsStoreError.lockTimedOut {
                    held = true
                }
            }
            try #require(held, "the flock child never took the lock")

            // The holder would keep the lock for an hour, so the waiter getting it within its own 60 s proves that
            // the kill released it (otherwise it throws lockTimedOut); a time bound on top would only measure how
            // loaded the machine is.
            let waiter = Task {
                try await FileLock(path: lockPath, timeout: .seconds(60)).withLock {}
            }
            try holder.send(signal: .kill)
            try await waiter.value
        }
        #expect(holder.terminationStatus == .signaled(SIGKILL))
    }

    @Test("Waiting for a lock that is never released ends with a clear error")
    func lockWaitIsBounded() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let outer = FileLock(path: lockPath)
        let inner = FileLock(path: lockPath, timeout: .milliseconds(50))
        _ = try await outer.withLock {
            await #expect(throws: CredentialsStoreError.lockTimedOut(path: lockPath)) {
                try await inner.withLock {}
            }
        }
    }
}
