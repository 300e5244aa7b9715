import CredentialsStore
import Foundation
import Testing

@testable import Authorization

/// A coordinator over an in-memory store holding one session, with a hand-driven clock.
struct SessionFixture {
    static let origin = try! ServerOrigin(URL(string: "https://api.example.com/v1")!)

    let clock: TestClock
    let store: InMemoryCredentialsStore
    let endpoint: ScriptedTokenEndpoint
    let coordinator: SessionCoordinator
    let initial: Credential

    /// A session whose access token (lifetime 900 s) was issued at the clock's start.
    init(
        outcomes: [ScriptedTokenEndpoint.Outcome] = [],
        gate: Gate? = nil,
        policy: RefreshPolicy = RefreshPolicy(),
        store: InMemoryCredentialsStore = InMemoryCredentialsStore(),
        clock: TestClock = TestClock()
    ) async {
        self.clock = clock
        self.store = store
        endpoint = ScriptedTokenEndpoint(outcomes: outcomes, gate: gate)
        initial = await store.replace(
            with: Credential(
                origin: Self.origin,
                account: "demo",
                accessToken: Secret("access-0"),
                refreshToken: Secret("refresh-0"),
                expiresAt: clock.now.addingTimeInterval(900),
                issuedAt: clock.now
            )
        )
        coordinator = SessionCoordinator(
            origin: Self.origin,
            store: store,
            tokenEndpoint: endpoint.endpoint(clock: clock),
            lock: NoCrossProcessLock(),
            policy: policy,
            now: clock.function
        )
    }

    /// Moves the clock past the access token's expiry.
    func expire() {
        clock.advance(by: 901)
    }

    /// Waits, without sleeping, until `count` callers are waiting for the in-flight refresh. Gives up (and fails the
    /// test) after a bounded number of turns instead of hanging.
    func waitForRefreshWaiters(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        for _ in 0..<2_000_000 {
            if await coordinator.refreshWaiterCount >= count { return }
            await Task.yield()
        }
        Issue.record(
            "only \(await coordinator.refreshWaiterCount) of \(count) callers joined the refresh",
            sourceLocation: sourceLocation)
    }
}
