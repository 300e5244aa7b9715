import APIClientTestSupport
import CredentialsStore
import Foundation
import Testing

@testable import Authorization

/// Several accounts on one server: the coordinator serves the active one, and lock, re-read and compare-and-swap
/// hold per account. "Another process" is a second coordinator over the same store and lock.
@Suite("Several accounts per server")
struct AccountSessionTests {
    // MARK: Sign-in, sign-out and switch

    @Test(
        "Signing in as another account keeps the first, makes the new one active and revokes nothing",
        arguments: StoreKind.allCases)
    func signInKeepsOtherAccounts(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        let outcome = try await fixture.coordinator.signIn(username: "alice", password: Secret("pw"), at: .fixture())
        #expect(outcome.previouslyActiveAccount == "demo")
        #expect(outcome.replaced == nil)
        #expect(fixture.endpoint.revokedTokens.isEmpty)
        #expect(try await fixture.stored()?.account == "alice")
        #expect(try await fixture.stored(account: "demo") == fixture.initial)
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-1"))
        let accounts = try await fixture.coordinator.storedAccounts()
        #expect(accounts.map(\.credential.account) == ["alice", "demo"])
        #expect(accounts.map(\.isActive) == [true, false])
    }

    @Test(
        "A coordinator serving one account reads and refreshes that account's session, whichever is active",
        arguments: StoreKind.allCases)
    func servesPinnedAccount(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        try await fixture.addInactiveAccount("alice")
        let alice = fixture.anotherProcess(servingAccount: "alice")
        #expect(try await alice.currentAuthorization().accessToken == Secret("access-alice"))
        fixture.expire()
        #expect(try await alice.currentAuthorization().accessToken == Secret("access-1"))
        #expect(fixture.endpoint.presentedRefreshTokens == ["refresh-alice"])
        #expect(try await fixture.stored(account: "alice")?.refreshToken == Secret("refresh-1"))
        // The active account is still demo, with its own, untouched tokens.
        let demo = try #require(try await fixture.stored())
        #expect(demo.account == "demo")
        #expect(demo.accessToken == fixture.initial.accessToken)
        #expect(demo.refreshToken == fixture.initial.refreshToken)
        let nobody = fixture.anotherProcess(servingAccount: "carol")
        await #expect(throws: AuthorizationError.notSignedIn(origin: SessionFixture.origin.key)) {
            try await nobody.currentAuthorization()
        }
    }

    @Test(
        "Signing out the active account revokes only its session; the account active before takes over",
        arguments: StoreKind.allCases)
    func signOutActiveAccount(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        _ = try await fixture.coordinator.signIn(username: "alice", password: Secret("pw"), at: .fixture())
        let ended = try #require(try await fixture.coordinator.signOut())
        #expect(ended.credential.account == "alice")
        #expect(fixture.endpoint.revokedTokens == ["refresh-1"])
        let demo = try #require(try await fixture.stored())
        #expect(demo.account == "demo")
        #expect(demo.refreshToken == fixture.initial.refreshToken)
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-0"))
        #expect(fixture.endpoint.requestCount == 1)
    }

    @Test(
        "Signing out an inactive account leaves the active one intact, in the store and in use",
        arguments: StoreKind.allCases)
    func signOutInactiveAccount(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        try await fixture.addInactiveAccount("alice")
        let before = try await fixture.coordinator.currentAuthorization()
        let ended = try #require(try await fixture.coordinator.signOut(account: "alice"))
        #expect(ended.credential.account == "alice")
        #expect(fixture.endpoint.revokedTokens == ["refresh-alice"])
        #expect(try await fixture.stored()?.account == "demo")
        #expect(try await fixture.coordinator.currentAuthorization() == before)
        #expect(try await fixture.coordinator.signOut(account: "alice") == nil)
    }

    @Test("Signing out every account revokes each, the active one last", arguments: StoreKind.allCases)
    func signOutEveryAccount(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        try await fixture.addInactiveAccount("alice")
        let ended = try await fixture.coordinator.signOutEveryAccount()
        #expect(ended.map(\.credential.account) == ["alice", "demo"])
        #expect(fixture.endpoint.revokedTokens == ["refresh-alice", "refresh-0"])
        #expect(try await fixture.coordinator.storedAccounts().isEmpty)
        await #expect(throws: AuthorizationError.notSignedIn(origin: SessionFixture.origin.key)) {
            try await fixture.coordinator.currentAuthorization()
        }
    }

    @Test("Switching serves the other account's token at once; an unknown account changes nothing")
    func switches() async throws {
        let fixture = try await SessionFixture()
        try await fixture.addInactiveAccount("alice")
        _ = try await fixture.coordinator.currentAuthorization()
        #expect(try await fixture.coordinator.switchAccount(to: "carol") == nil)
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-0"))
        let alice = try #require(try await fixture.coordinator.switchAccount(to: "alice"))
        #expect(alice.account == "alice")
        #expect(fixture.coordinator.freshAuthorizationWithoutWaiting()?.accessToken == Secret("access-alice"))
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-alice"))
        #expect(fixture.endpoint.requestCount == 0)
    }

    // MARK: Another process switches

    @Test(
        "After another process switched accounts, a 401 for the previous account's token is retried with the new one's, without a refresh",
        arguments: StoreKind.allCases)
    func rejectionAfterSwitchElsewhere(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        try await fixture.addInactiveAccount("alice")
        let demo = try await fixture.coordinator.currentAuthorization()
        _ = try await fixture.anotherProcess().switchAccount(to: "alice")
        let retry = try await fixture.coordinator.authorizationAfterRejection(of: demo)
        #expect(retry?.accessToken == Secret("access-alice"))
        #expect(fixture.coordinator.freshAuthorizationWithoutWaiting()?.accessToken == Secret("access-alice"))
        #expect(fixture.endpoint.requestCount == 0)
    }

    @Test(
        "After another process switched accounts, an expired token is renewed with the new account's refresh token, in its own row",
        arguments: StoreKind.allCases)
    func refreshAfterSwitchElsewhere(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        try await fixture.addInactiveAccount("alice")
        _ = try await fixture.coordinator.currentAuthorization()
        _ = try await fixture.anotherProcess().switchAccount(to: "alice")
        fixture.expire()
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-1"))
        #expect(fixture.endpoint.presentedRefreshTokens == ["refresh-alice"])
        #expect(try await fixture.stored(account: "alice")?.refreshToken == Secret("refresh-1"))
        #expect(try await fixture.stored(account: "demo")?.refreshToken == fixture.initial.refreshToken)
        #expect(try await fixture.stored()?.account == "alice")
    }

    @Test(
        "Two processes refreshing after a switch make one request, with the active account's refresh token",
        arguments: StoreKind.allCases)
    func concurrentRefreshesDoNotCross(storeKind: StoreKind) async throws {
        // The first process still holds Alice's predecessor, Demo, in its cache; the second has switched to Alice.
        let fixture = try await SessionFixture(storeKind: storeKind, sharedLock: true)
        try await fixture.addInactiveAccount("alice")
        let first = fixture.coordinator
        let second = fixture.anotherProcess()
        _ = try await first.currentAuthorization()
        _ = try await second.switchAccount(to: "alice")
        fixture.expire()
        async let a = first.currentAuthorization()
        async let b = second.currentAuthorization()
        let (firstToken, secondToken) = try await (a, b)
        #expect(firstToken.accessToken == Secret("access-1"))
        #expect(secondToken == firstToken)
        #expect(fixture.endpoint.presentedRefreshTokens == ["refresh-alice"])
        #expect(try await fixture.stored(account: "demo")?.refreshToken == fixture.initial.refreshToken)
        #expect(try await fixture.stored(account: "alice")?.accessToken == Secret("access-1"))
    }

    @Test(
        "A switch while a refresh is in flight waits for it: the renewed tokens go to their own account, later requests use the new one",
        arguments: StoreKind.allCases)
    func switchDuringRefresh(storeKind: StoreKind) async throws {
        let gate = Gate()
        let fixture = try await SessionFixture(gate: gate, storeKind: storeKind, sharedLock: true)
        try await fixture.addInactiveAccount("alice")
        let first = fixture.coordinator
        _ = try await first.currentAuthorization()
        fixture.expire()
        let refresh = Task { try await first.currentAuthorization() }
        // The request is sent only under the lock: from now on the first process holds it.
        await fixture.waitForRequests(1)
        let second = fixture.anotherProcess()
        let switched = Task { try await second.switchAccount(to: "alice") }
        await gate.open()
        // Sent before the switch was seen: Demo's renewed token, stored in Demo's row.
        #expect(try await refresh.value.accessToken == Secret("access-1"))
        #expect(try await switched.value?.account == "alice")
        #expect(try await fixture.stored(account: "demo")?.refreshToken == Secret("refresh-1"))
        #expect(try await fixture.stored(account: "alice")?.refreshToken == Secret("refresh-alice"))
        #expect(try await fixture.stored()?.account == "alice")
        // The switch waited for the refresh to release the lock.
        #expect(
            fixture.journal.recorded == [
                "locked", "deferring", "request refresh-0", "resumed", "unlocked", "locked", "unlocked",
            ])
        // Once the first process looks again (a 401 for Demo's token), it uses Alice's session; Alice's token has
        // expired with the clock, so it is renewed with Alice's own refresh token, and Demo's is never sent again.
        let retry = try await first.authorizationAfterRejection(
            of: BearerAuthorization(
                accessToken: Secret("access-1"),
                generation: try #require(try await fixture.stored(account: "demo")).generation))
        #expect(retry?.accessToken == Secret("access-2"))
        #expect(fixture.endpoint.presentedRefreshTokens == ["refresh-0", "refresh-alice"])
        #expect(try await fixture.stored(account: "demo")?.refreshToken == Secret("refresh-1"))
    }

    @Test(
        "A refresh that finds its account signed out meanwhile revokes what it received and leaves the other account alone",
        arguments: StoreKind.allCases)
    func refreshAfterItsAccountSignedOut(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind) { _, store in
            // A writer that does not take the lock removes the account being renewed; Alice takes over.
            _ = try? await store.removeCredential(for: SessionFixture.origin, account: "demo")
        }
        let alice = try await fixture.addInactiveAccount("alice")
        fixture.expire()
        await #expect(throws: AuthorizationError.sessionEndedDuringRefresh(origin: SessionFixture.origin.key)) {
            try await fixture.coordinator.currentAuthorization()
        }
        #expect(fixture.endpoint.revokedTokens == ["refresh-1"])
        let active = try #require(try await fixture.stored())
        #expect(active.account == "alice")
        #expect(active.refreshToken == alice.refreshToken)
    }
}
