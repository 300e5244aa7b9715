import APIClientTestSupport
import CredentialsStore
import Foundation
import Testing

@testable import Authorization

/// The two stores the coordinator runs over: in memory with no cross-process lock (an app, a test), and a SQLite
/// file with `FileLock` (the CLI).
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case sqlite
    /// SQLite in sealed storage, its data key in an in-memory keyring.
    case sealedSQLite

    var testDescription: String { rawValue }

    /// A fresh, empty store of this kind and the lock that goes with it. With `shared`, the in-memory store's lock
    /// excludes every coordinator that uses it, as `FileLock` does.
    func make(shared: Bool = false) throws -> (store: any CredentialsStoring, lock: any CrossProcessLock) {
        switch self {
        case .inMemory:
            return (InMemoryCredentialsStore(), shared ? InProcessLock() : NoCrossProcessLock())
        case .sqlite:
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("coordinator-\(UUID().uuidString)/credentials.sqlite").path
            return (try SQLiteCredentialsStore(path: path), FileLock(path: path + ".lock"))
        case .sealedSQLite:
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("coordinator-\(UUID().uuidString)/credentials.sqlite").path
            let store = try SQLiteCredentialsStore(
                path: path, keyring: InMemoryDataKeyStore(), newFileStorage: .sealed)
            return (store, FileLock(path: path + ".lock"))
        }
    }
}

/// A coordinator over a store holding one session, with a hand-driven clock and a journal of what its lock,
/// deferral and token endpoint did.
struct SessionFixture {
    static let origin = try! ServerOrigin(URL(string: "https://api.example.com/v1")!)

    let clock: TestClock
    let store: any CredentialsStoring
    /// The lock the coordinator holds (inside its journaling wrapper); another coordinator given it is excluded.
    let lock: any CrossProcessLock
    let journal: Journal
    let endpoint: ScriptedTokenEndpoint
    let coordinator: SessionCoordinator
    let initial: Credential

    /// A session whose access token (lifetime `lifetime`, 900 s unless given) was issued at the clock's start.
    init(
        outcomes: [ScriptedTokenEndpoint.Outcome] = [],
        gate: Gate? = nil,
        policy: RefreshPolicy = RefreshPolicy(),
        storeKind: StoreKind = .inMemory,
        sharedLock: Bool = false,
        lifetime: TimeInterval = 900,
        clock: TestClock = TestClock(),
        refusingWritesWith writeFailure: CredentialsStoreError? = nil,
        onRequest: @escaping @Sendable (Int, any CredentialsStoring) async -> Void = { _, _ in }
    ) async throws {
        self.clock = clock
        let (store, lock) = try storeKind.make(shared: sharedLock)
        self.store = store
        self.lock = lock
        let journal = Journal()
        self.journal = journal
        endpoint = ScriptedTokenEndpoint(outcomes: outcomes, gate: gate, journal: journal) { number in
            await onRequest(number, store)
        }
        initial = try await store.replace(
            with: Credential.fixture(origin: Self.origin, lifetime: lifetime, issuedAt: clock.now)
        )
        coordinator = SessionCoordinator(
            origin: Self.origin,
            // Writes refused after the initial session is stored, as a file turned read-only or full would.
            store: writeFailure.map { CountingStore(store, refusingWritesWith: $0) } ?? store,
            tokenEndpoint: endpoint.endpoint(clock: clock),
            lock: JournalingLock(inner: lock, journal: journal),
            interruptions: JournalingDeferral(journal: journal),
            policy: policy,
            now: clock.function,
            uptime: clock.uptime
        )
    }

    /// The stored session now.
    func stored() async throws -> Credential? {
        try await store.credential(for: Self.origin)
    }

    /// The stored session of `account` now, active or not.
    func stored(account: String) async throws -> Credential? {
        try await store.credential(for: Self.origin, account: account)
    }

    /// Another account's session (tokens `access-NAME`, `refresh-NAME`, issued now), stored as a sign-in elsewhere
    /// would, then the initial account made active again: the initial account stays the active one.
    @discardableResult
    func addInactiveAccount(_ account: String) async throws -> Credential {
        let added = try await signInElsewhere(account: account, token: account)
        _ = try await store.activate(account: initial.account, for: Self.origin)
        return added
    }

    /// A coordinator of "another process": same store, same token endpoint and clock, and this fixture's lock (which
    /// excludes it only when the fixture was made with `sharedLock`, or over SQLite); serving `account`, or the
    /// active account when `nil`.
    func anotherProcess(servingAccount account: String? = nil) -> SessionCoordinator {
        SessionCoordinator(
            origin: Self.origin, account: account, store: store, tokenEndpoint: endpoint.endpoint(clock: clock),
            lock: JournalingLock(inner: lock, journal: journal), now: clock.function, uptime: clock.uptime)
    }

    /// Waits, without sleeping, until the token endpoint has received `count` requests. Gives up (and fails the
    /// test) after a bounded number of turns instead of hanging.
    func waitForRequests(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        for _ in 0..<2_000_000 {
            if endpoint.requestCount >= count { return }
            await Task.yield()
        }
        Issue.record("only \(endpoint.requestCount) of \(count) requests arrived", sourceLocation: sourceLocation)
    }

    /// A session another process stores (a sign-in elsewhere), replacing this one.
    @discardableResult
    func signInElsewhere(account: String = "someone-else", token: String = "other") async throws -> Credential {
        try await store.replace(
            with: Credential.fixture(
                origin: Self.origin, account: account, accessToken: "access-\(token)",
                refreshToken: "refresh-\(token)", issuedAt: clock.now)
        )
    }

    /// Stores, as another process's refresh would, the initial session with its refresh token rotated to
    /// `refresh-elsewhere`.
    func rotateElsewhere() async throws {
        var rotated = initial
        rotated.refreshToken = Secret("refresh-elsewhere")
        _ = try await store.save(rotated, ifGenerationIs: initial.generation)
    }

    /// Moves the clock past the access token's expiry.
    func expire() {
        clock.advance(by: 901)
    }

    /// Waits, without sleeping, until `count` callers (each bound to its own `TestClock.caller`) are waiting for the
    /// in-flight refresh. Gives up (and fails the test) after a bounded number of turns instead of hanging.
    ///
    /// It relies on the coordinator reading the wall clock to decide that a token needs a refresh and joining the
    /// in-flight refresh in the same actor turn (no suspension between the two): a caller that has made its
    /// `readsPerCaller`-th read is suspended on the refresh. `readsPerCaller` is 1 through `currentAuthorization()`,
    /// 2 through the middleware, which first asks `freshAuthorizationWithoutWaiting()`.
    func waitForRefreshWaiters(
        _ count: Int, readsPerCaller: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        for _ in 0..<2_000_000 {
            if clock.callers(thatReadAtLeast: readsPerCaller) >= count { return }
            await Task.yield()
        }
        Issue.record(
            "only \(clock.callers(thatReadAtLeast: readsPerCaller)) of \(count) callers joined the refresh",
            sourceLocation: sourceLocation)
    }
}
