import Authorization
import Benchmark
import CredentialsStore
import Foundation

/// 1,000 concurrent `currentAuthorization()` calls with an expired token, against a token endpoint that answers in
/// 50 ms.
///
/// Anchor: one call of the same token endpoint, the round trip the callers cannot avoid. Subjects, over the
/// in-memory store (the coordinator alone) and over the SQLite store with its file lock (what `stories-cli` runs):
/// - cold: a coordinator that has not read the store yet, as at the start of a process;
/// - warm: a coordinator whose cached token has just expired, as in a long-running app;
/// - and, over the in-memory store only, a fresh token: no refresh at all, the cost of the fan-out itself (1,000
///   tasks and their calls into the coordinator), which no refresh can go below.
///
/// Every iteration must cause exactly one refresh (none with a fresh token); anything else fails the benchmark.
func registerFanOutBenchmarks() {
    let roundTrip = Duration.milliseconds(50)
    let cases: [(FanOutFixture.Storage, FanOutFixture.Warmth)] = [
        (.inMemory, .cold), (.inMemory, .warm), (.sqlite, .cold), (.sqlite, .warm), (.inMemory, .fresh),
    ]
    for (storage, warmth) in cases {
        let fixture = Shared<FanOutFixture>()
        Benchmark(
            "Refresh fan-out: 1,000 callers, \(storage.rawValue), \(warmth.rawValue) vs one 50 ms round trip (anchor)",
            configuration: RunLength.configuration(duration: .seconds(5), iterations: 60)
        ) { benchmark in
            let fixture = try fixture.get()
            let coordinator = try fixture.prepareIteration()
            try await Interleaved.measure(benchmark) {
                try await fixture.oneRoundTrip()
            } subject: {
                try await fanOut(callers: 1_000, to: coordinator)
            }
            try fixture.checkOneRefreshPerIteration()
        } setup: {
            fixture.set(try await FanOutFixture(storage: storage, warmth: warmth, roundTrip: roundTrip))
        } teardown: {
            try fixture.get().remove()
            fixture.set(nil)
        }
    }
}

/// `callers` concurrent requests for a token; returns when every one has it.
func fanOut(callers: Int, to coordinator: SessionCoordinator) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<callers {
            group.addTask { _ = try await coordinator.currentAuthorization() }
        }
        try await group.waitForAll()
    }
}

/// A stored session, a hand-moved clock and a slow token endpoint; hands out the coordinator an iteration measures.
final class FanOutFixture: Sendable {
    enum Storage: String, CaseIterable {
        case inMemory = "in-memory store"
        case sqlite = "SQLite store + file lock"
    }

    enum Warmth: String {
        case cold
        case warm
        case fresh = "fresh token (no refresh)"
    }

    private let warmth: Warmth
    private let clock: ManualClock
    private let store: any CredentialsStoring
    private let lock: any CrossProcessLock
    private let tokenEndpoint: TokenEndpoint
    private let transport: CannedTransport
    private let directory: URL?
    private let warmCoordinator: SessionCoordinator
    private let iterations = Shared<Int>()
    /// The anchor's endpoint: the same answer after the same delay, counted apart from the coordinator's.
    private let anchorEndpoint: TokenEndpoint

    init(storage: Storage, warmth: Warmth, roundTrip: Duration) async throws {
        self.warmth = warmth
        let clock = ManualClock()
        self.clock = clock
        switch storage {
        case .inMemory:
            store = InMemoryCredentialsStore()
            lock = NoCrossProcessLock()
            directory = nil
        case .sqlite:
            // A directory of its own: the store refuses shared sticky directories such as /tmp itself.
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("stories-benchmark-\(UUID().uuidString)")
            let path = directory.appendingPathComponent("credentials.sqlite").path
            store = try SQLiteCredentialsStore(path: path)
            lock = FileLock(path: path + ".lock")
            self.directory = directory
        }
        _ = try await store.replace(with: makeCredential(issuedAt: clock.now()))
        (tokenEndpoint, transport) = makeTokenEndpoint(delay: roundTrip, now: { clock.now() })
        anchorEndpoint = makeTokenEndpoint(delay: roundTrip, now: { clock.now() }).0
        warmCoordinator = SessionCoordinator(
            origin: serverOrigin, store: store, tokenEndpoint: tokenEndpoint, lock: lock, now: { clock.now() })
        // Loads the warm coordinator's cache while the token is still fresh.
        _ = try await warmCoordinator.currentAuthorization()
        iterations.set(0)
    }

    /// Expires the stored (and cached) token unless the case is a fresh one, and returns the coordinator to measure:
    /// a new one when cold.
    func prepareIteration() throws -> SessionCoordinator {
        iterations.set(try iterations.get() + 1)
        guard warmth != .fresh else { return warmCoordinator }
        clock.advance(by: 1_000)
        switch warmth {
        case .warm, .fresh:
            return warmCoordinator
        case .cold:
            return SessionCoordinator(
                origin: serverOrigin, store: store, tokenEndpoint: tokenEndpoint, lock: lock,
                now: { [clock] in clock.now() })
        }
    }

    /// One token request, as the coordinator's refresh makes it.
    func oneRoundTrip() async throws {
        _ = try await anchorEndpoint.requestTokens(
            for: .refreshToken(Secret("refresh-0")), at: .contract(of: serverOrigin))
    }

    /// Throws unless the token endpoint saw exactly one request per iteration so far (none with a fresh token).
    func checkOneRefreshPerIteration() throws {
        let expected = warmth == .fresh ? 0 : try iterations.get()
        guard transport.requestCount == expected else {
            throw BenchmarkFailure("\(transport.requestCount) token requests in \(expected) iterations")
        }
    }

    func remove() throws {
        if let directory { try FileManager.default.removeItem(at: directory) }
    }
}
