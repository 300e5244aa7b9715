import APIClient
import APIClientTestSupport
import CredentialsStore
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

@testable import Authorization

@Suite("SessionCoordinator")
struct SessionCoordinatorTests {
    @Test("Serves a fresh cached token without refreshing")
    func servesFreshToken() async throws {
        let fixture = try await SessionFixture()
        let authorization = try await fixture.coordinator.currentAuthorization()
        #expect(authorization.accessToken == Secret("access-0"))
        #expect(fixture.endpoint.requestCount == 0)
    }

    @Test(
        "Refreshes proactively within the leeway, never just after issue",
        arguments: [
            // (lifetime, seconds elapsed, refreshes)
            (2.0, 0.0, false), (2.0, 1.7, false), (2.0, 1.8, true), (900.0, 839.0, false), (900.0, 840.0, true),
            (10.0, 9.0, true), (10.0, 8.9, false),
        ])
    func proactiveLeeway(lifetime: TimeInterval, elapsed: TimeInterval, refreshes: Bool) {
        let issuedAt = Date(timeIntervalSince1970: 1_800_000_000)
        let credential = Credential.fixture(origin: SessionFixture.origin, lifetime: lifetime, issuedAt: issuedAt)
        #expect(RefreshPolicy().needsRefresh(credential, at: issuedAt.addingTimeInterval(elapsed)) == refreshes)
    }

    @Test("Never refreshes proactively when the expiry is unknown")
    func unknownExpiry() {
        let credential = Credential.fixture(origin: SessionFixture.origin, lifetime: nil, issuedAt: .distantPast)
        #expect(!RefreshPolicy().needsRefresh(credential, at: .distantFuture))
    }

    // MARK: Single flight and races, over both stores

    @Test(
        "Refreshes once when 1,000 requests find the token expired, and all 1,000 succeed",
        arguments: StoreKind.allCases)
    func singleFlightUnderLoad(storeKind: StoreKind) async throws {
        let gate = Gate()
        let fixture = try await SessionFixture(gate: gate, storeKind: storeKind)
        // Loaded first, so that every caller finds the expired token in memory and reads the clock twice: once
        // without waiting, once before it joins the refresh.
        _ = try await fixture.coordinator.storedCredential()
        fixture.expire()
        let middleware = AuthorizationMiddleware(session: fixture.coordinator)
        let results = Task {
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for caller in 0..<1_000 {
                    group.addTask {
                        try await TestClock.$caller.withValue(caller) {
                            let (response, _) = try await middleware.intercept(
                                HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/stories"),
                                body: nil,
                                baseURL: URL(string: "https://api.example.com/v1")!,
                                operationID: "listStories",
                                next: { request, _, _ in
                                    let fresh = request.headerFields[.authorization] == "Bearer access-1"
                                    return (HTTPResponse(status: fresh ? .ok : .unauthorized), nil)
                                }
                            )
                            return response.status
                        }
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
        }
        await fixture.waitForRefreshWaiters(1_000, readsPerCaller: 2)
        await gate.open()
        let statuses = try await results.value
        #expect(statuses.count == 1_000)
        #expect(statuses.allSatisfy { $0 == .ok })
        #expect(fixture.endpoint.requestCount == 1)
        #expect(try await fixture.stored()?.accessToken == Secret("access-1"))
    }

    @Test("1,000 concurrent first callers read the store once", arguments: StoreKind.allCases)
    func oneLoadForConcurrentFirstCallers(storeKind: StoreKind) async throws {
        let seeded = try await SessionFixture(storeKind: storeKind)
        let counting = CountingStore(seeded.store)
        let coordinator = SessionCoordinator(
            origin: SessionFixture.origin, store: counting,
            tokenEndpoint: seeded.endpoint.endpoint(clock: seeded.clock),
            lock: NoCrossProcessLock(), now: seeded.clock.function)
        let tokens = try await withThrowingTaskGroup(of: BearerAuthorization.self) { group in
            for _ in 0..<1_000 { group.addTask { try await coordinator.currentAuthorization() } }
            return try await group.reduce(into: [BearerAuthorization]()) { $0.append($1) }
        }
        #expect(tokens.count == 1_000)
        #expect(Set(tokens.map(\.accessToken.unredacted)) == ["access-0"])
        #expect(counting.reads == 1)
    }

    @Test("A fresh token in memory is handed out without waiting; none before the first read, none once expired")
    func freshTokenWithoutWaiting() async throws {
        let fixture = try await SessionFixture()
        #expect(fixture.coordinator.freshAuthorizationWithoutWaiting() == nil)
        let loaded = try await fixture.coordinator.currentAuthorization()
        #expect(fixture.coordinator.freshAuthorizationWithoutWaiting() == loaded)
        fixture.expire()
        #expect(fixture.coordinator.freshAuthorizationWithoutWaiting() == nil)
        _ = try await fixture.coordinator.signOut()
        #expect(fixture.coordinator.freshAuthorizationWithoutWaiting() == nil)
    }

    @Test(
        "A late 401 for an older generation retries with the current token and does not refresh",
        arguments: StoreKind.allCases)
    func staleRejection(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        fixture.expire()
        let refreshed = try await fixture.coordinator.currentAuthorization()
        #expect(fixture.endpoint.requestCount == 1)
        let retry = try await fixture.coordinator.authorizationAfterRejection(
            of: BearerAuthorization(accessToken: Secret("access-0"), generation: fixture.initial.generation)
        )
        #expect(retry == refreshed)
        #expect(fixture.endpoint.requestCount == 1)
    }

    @Test("A late 401 for an older token is not retried with a newer token that has expired too")
    func staleRejectionWithExpiredNewerToken() async throws {
        let fixture = try await SessionFixture()
        fixture.expire()
        let newer = try await fixture.coordinator.currentAuthorization()
        #expect(newer.accessToken == Secret("access-1"))
        fixture.expire()
        let retry = try await fixture.coordinator.authorizationAfterRejection(
            of: BearerAuthorization(accessToken: Secret("access-0"), generation: fixture.initial.generation)
        )
        #expect(retry?.accessToken == Secret("access-2"))
        #expect(fixture.endpoint.presentedRefreshTokens == ["refresh-0", "refresh-1"])
    }

    @Test("A 401 for the current generation refreshes once and hands back the new token", arguments: StoreKind.allCases)
    func currentRejection(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        let current = try await fixture.coordinator.currentAuthorization()
        let retry = try #require(try await fixture.coordinator.authorizationAfterRejection(of: current))
        #expect(retry.accessToken == Secret("access-1"))
        #expect(retry.generation > current.generation)
        #expect(fixture.endpoint.presentedRefreshTokens == ["refresh-0"])
    }

    @Test("A refresh failure reaches every waiter, after one request", arguments: StoreKind.allCases)
    func failureReachesEveryWaiter(storeKind: StoreKind) async throws {
        let gate = Gate()
        let fixture = try await SessionFixture(outcomes: [.status(503)], gate: gate, storeKind: storeKind)
        fixture.expire()
        let coordinator = fixture.coordinator
        let outcomes = Task {
            await withTaskGroup(of: (any Error)?.self) { group in
                for caller in 0..<50 {
                    group.addTask {
                        await TestClock.$caller.withValue(caller) {
                            do {
                                _ = try await coordinator.currentAuthorization()
                                return nil
                            } catch {
                                return error
                            }
                        }
                    }
                }
                return await group.reduce(into: [(any Error)?]()) { $0.append($1) }
            }
        }
        await fixture.waitForRefreshWaiters(50)
        await gate.open()
        let errors = await outcomes.value
        #expect(errors.count == 50)
        for error in errors {
            #expect(error as? AuthorizationError == .refreshFailed(.unavailable(status: 503, retryAfter: nil)))
        }
        #expect(fixture.endpoint.requestCount == 1)
    }

    @Test("Cancelling the request that started a refresh does not cancel the refresh", arguments: StoreKind.allCases)
    func cancellationDoesNotCancelRefresh(storeKind: StoreKind) async throws {
        let gate = Gate()
        let fixture = try await SessionFixture(gate: gate, storeKind: storeKind)
        fixture.expire()
        let coordinator = fixture.coordinator
        let initiator = Task {
            try await TestClock.$caller.withValue(0) { try await coordinator.currentAuthorization() }
        }
        await fixture.waitForRefreshWaiters(1)
        initiator.cancel()
        await gate.open()
        _ = await initiator.result
        let stored = try #require(try await fixture.stored())
        #expect(stored.accessToken == Secret("access-1"))
        #expect(stored.refreshToken == Secret("refresh-1"))
        #expect(try await coordinator.currentAuthorization().accessToken == Secret("access-1"))
        #expect(fixture.endpoint.requestCount == 1)
    }

    @Test(
        "A 401 after another process rotated the token recovers with the rotated one, without a request",
        arguments: StoreKind.allCases)
    func rejectionAfterRotationElsewhere(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(outcomes: [.oauthError("invalid_grant")], storeKind: storeKind)
        fixture.expire()
        // While this process's request is refused, another process stores the pair it obtained.
        var rotated = fixture.initial
        rotated.accessToken = Secret("access-elsewhere")
        rotated.refreshToken = Secret("refresh-elsewhere")
        rotated.issuedAt = fixture.clock.now
        rotated.expiresAt = fixture.clock.now.addingTimeInterval(900)
        _ = try await fixture.store.save(rotated, ifGenerationIs: fixture.initial.generation)
        // The coordinator still holds generation 1 in its cache from before the other process wrote.
        let authorization = try await fixture.coordinator.authorizationAfterRejection(
            of: BearerAuthorization(accessToken: Secret("access-0"), generation: fixture.initial.generation)
        )
        #expect(authorization?.accessToken == Secret("access-elsewhere"))
        #expect(fixture.endpoint.requestCount == 0)
    }

    @Test(
        "A session signed out and signed in again elsewhere is adopted, though its generation restarted",
        arguments: StoreKind.allCases)
    func adoptsSessionWithRestartedGeneration(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        // This process has used the session a while: its cached generation is 3.
        var held = try await fixture.coordinator.currentAuthorization()
        for _ in 0..<2 { held = try #require(try await fixture.coordinator.authorizationAfterRejection(of: held)) }
        #expect(held.generation == 3)
        // Another process signs out and signs in as someone else: the row restarts at generation 1.
        try await fixture.store.removeCredential(for: SessionFixture.origin, account: "demo")
        let other = try await fixture.signInElsewhere()
        #expect(other.generation == 1)
        let requestsBefore = fixture.endpoint.requestCount
        let retry = try await fixture.coordinator.authorizationAfterRejection(of: held)
        #expect(retry?.accessToken == Secret("access-other"))
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-other"))
        #expect(fixture.endpoint.requestCount == requestsBefore)
    }

    @Test(
        "invalid_grant while another process rotates mid-request retries once with the new token",
        arguments: StoreKind.allCases)
    func invalidGrantRaceRetriesOnce(storeKind: StoreKind) async throws {
        // The other process's write lands while this process's first refresh request is on the wire; its own tokens
        // are already stale by the time this process looks, so one retry with them is the right move.
        let fixture = try await SessionFixture(outcomes: [.oauthError("invalid_grant")], storeKind: storeKind) {
            number, store in
            guard number == 1, var rotated = try? await store.credential(for: SessionFixture.origin) else { return }
            rotated.refreshToken = Secret("refresh-elsewhere")
            rotated.accessToken = Secret("access-elsewhere")
            rotated.expiresAt = rotated.issuedAt
            _ = try? await store.save(rotated, ifGenerationIs: rotated.generation)
        }
        fixture.expire()
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-2"))
        #expect(fixture.endpoint.presentedRefreshTokens == ["refresh-0", "refresh-elsewhere"])
        #expect(try await fixture.stored()?.isSignInRequired == false)
    }

    @Test(
        "invalid_grant with nothing rotated ends the session: sign-in required, refresh token dropped",
        arguments: StoreKind.allCases)
    func invalidGrantEndsSession(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(outcomes: [.oauthError("invalid_grant")], storeKind: storeKind)
        fixture.expire()
        var events = fixture.coordinator.events.makeAsyncIterator()
        await #expect(throws: AuthorizationError.sessionExpired(origin: SessionFixture.origin.key)) {
            try await fixture.coordinator.currentAuthorization()
        }
        let stored = try #require(try await fixture.stored())
        #expect(stored.isSignInRequired)
        #expect(stored.refreshToken == nil)
        #expect(await events.next() == .signedOut(reason: .sessionRejected))
        #expect(await events.next() == .refreshFailed(reason: .sessionRejected))
        // No further requests: the session is over until the user signs in.
        await #expect(throws: AuthorizationError.sessionExpired(origin: SessionFixture.origin.key)) {
            try await fixture.coordinator.currentAuthorization()
        }
        #expect(fixture.endpoint.requestCount == 1)
    }

    @Test("A sign-in made by another process after the session ended is picked up", arguments: StoreKind.allCases)
    func picksUpSignInElsewhereAfterSessionEnded(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(outcomes: [.oauthError("invalid_grant")], storeKind: storeKind)
        fixture.expire()
        await #expect(throws: AuthorizationError.sessionExpired(origin: SessionFixture.origin.key)) {
            try await fixture.coordinator.currentAuthorization()
        }
        try await fixture.signInElsewhere(account: "demo", token: "new")
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-new"))
        #expect(fixture.endpoint.requestCount == 1)
    }

    // MARK: Failures that leave the session alone

    @Test(
        "Transient and malformed refresh failures leave the stored session unchanged",
        arguments: [
            [ScriptedTokenEndpoint.Outcome.status(503)], [.status(429)], [.networkFailure, .networkFailure],
            [.unreachable(.connectionRefused)], [.oauthError("invalid_client")],
            [.oauthError("temporarily_unavailable")],
            [.malformed(.init(accessToken: "a b", tokenType: "Bearer"))],
            [.malformed(.init(accessToken: "ok", tokenType: "MAC"))],
        ])
    func transientFailureLeavesSession(outcomes: [ScriptedTokenEndpoint.Outcome]) async throws {
        let fixture = try await SessionFixture(outcomes: outcomes)
        fixture.expire()
        await #expect(throws: AuthorizationError.self) { try await fixture.coordinator.currentAuthorization() }
        #expect(try await fixture.stored() == fixture.initial)
    }

    @Test("A response without a refresh token keeps the old one (RFC 6749 §6)")
    func keepsRefreshToken() async throws {
        let fixture = try await SessionFixture(outcomes: [.issue(refreshToken: false)])
        fixture.expire()
        _ = try await fixture.coordinator.currentAuthorization()
        let stored = try #require(try await fixture.stored())
        #expect(stored.accessToken == Secret("access-1"))
        #expect(stored.refreshToken == Secret("refresh-0"))
    }

    @Test("Does not spend the refresh token when the store cannot be written")
    func checksWritabilityFirst() async throws {
        let fixture = try await SessionFixture(refusingWritesWith: .readOnly(path: "/x"))
        fixture.expire()
        await #expect(throws: CredentialsStoreError.readOnly(path: "/x")) {
            try await fixture.coordinator.currentAuthorization()
        }
        #expect(fixture.endpoint.requestCount == 0)
    }

    @Test("Refuses to send a password or refresh token over plain HTTP to a host other than loopback")
    func refusesInsecureTransport() async throws {
        let origin = try ServerOrigin(try #require(URL(string: "http://api.example.com/v1")))
        let coordinator = SessionCoordinator(
            origin: origin,
            store: InMemoryCredentialsStore(),
            tokenEndpoint: TokenEndpoint(api: MockAuthorizationServerAPI(), clientID: "stories-cli", now: { Date() }),
            lock: NoCrossProcessLock(),
            now: { Date() }
        )
        await #expect(throws: TokenEndpointError.insecureTransport(origin: origin.key)) {
            try await coordinator.signIn(username: "demo", password: Secret("demo-password"), at: .fixture())
        }
    }

    // MARK: The refresh budget

    @Test("Stops refreshing when the server keeps rejecting fresh tokens, and says so on the event stream")
    func excessiveRefreshGuard() async throws {
        let fixture = try await SessionFixture()
        let lastError = await Self.rejectEveryToken(fixture)
        #expect(fixture.endpoint.requestCount == RefreshPolicy().maximumRejectedFreshTokens)
        #expect(lastError as? AuthorizationError == .excessiveRefresh(count: 5, window: .seconds(30)))
        var events = fixture.coordinator.events.makeAsyncIterator()
        var received: [AuthEvent?] = []
        for _ in 0...RefreshPolicy().maximumRejectedFreshTokens { received.append(await events.next()) }
        #expect(received.last == .refreshFailed(reason: .tooManyRefreshes))
    }

    /// The two ways besides a rejection that a stale token is refreshed: the proactive refresh of
    /// `currentAuthorization()`, and the retry after a 401 for an older token whose newer token has gone stale too.
    enum RefreshPath: String, CaseIterable, CustomTestStringConvertible {
        case proactive, retryWithNewerToken
        var testDescription: String { rawValue }
    }

    @Test(
        "Once the guard has stopped refreshing, no path refreshes within its window: none sends a token request",
        arguments: RefreshPath.allCases)
    func guardHoldsOnEveryPath(path: RefreshPath) async throws {
        // Tokens that live 10 s: stale within the guard's 30-second window.
        let fixture = try await SessionFixture(
            outcomes: Array(repeating: .issue(expiresIn: 10), count: 8), lifetime: 10)
        let first = try await fixture.coordinator.currentAuthorization()
        #expect(
            await Self.rejectEveryToken(fixture) as? AuthorizationError
                == .excessiveRefresh(count: 5, window: .seconds(30)))
        let requestsWhenTripped = fixture.endpoint.requestCount
        fixture.clock.advance(by: 11)
        await #expect(throws: AuthorizationError.excessiveRefresh(count: 5, window: .seconds(30))) {
            switch path {
            case .proactive: _ = try await fixture.coordinator.currentAuthorization()
            case .retryWithNewerToken: _ = try await fixture.coordinator.authorizationAfterRejection(of: first)
            }
        }
        #expect(fixture.endpoint.requestCount == requestsWhenTripped)
    }

    @Test("Refreshing resumes once the window of the rejections that stopped it has passed")
    func guardReleasesAfterWindow() async throws {
        let fixture = try await SessionFixture(
            outcomes: Array(repeating: .issue(expiresIn: 10), count: 8), lifetime: 10)
        #expect(
            await Self.rejectEveryToken(fixture) as? AuthorizationError
                == .excessiveRefresh(count: 5, window: .seconds(30)))
        let requestsWhenTripped = fixture.endpoint.requestCount
        fixture.clock.advance(by: 31)
        _ = try await fixture.coordinator.currentAuthorization()
        #expect(fixture.endpoint.requestCount == requestsWhenTripped + 1)
    }

    @Test("Counts rejections on the monotonic clock, so a wall clock that jumps ahead does not reset the count")
    func budgetUsesMonotonicClock() async throws {
        let fixture = try await SessionFixture()
        let lastError = await Self.rejectEveryToken(fixture) { fixture.clock.jumpWallClock(by: 3_600) }
        #expect(fixture.endpoint.requestCount == RefreshPolicy().maximumRejectedFreshTokens)
        #expect(lastError as? AuthorizationError == .excessiveRefresh(count: 5, window: .seconds(30)))
    }

    @Test("A healthy session with 1-second tokens refreshes as often as it must, without tripping the guard")
    func shortLivedTokensDoNotTripGuard() async throws {
        let fixture = try await SessionFixture(
            outcomes: Array(repeating: .issue(expiresIn: 1), count: 50), lifetime: 1)
        for _ in 0..<50 {
            fixture.clock.advance(by: 1)
            _ = try await fixture.coordinator.currentAuthorization()
        }
        #expect(fixture.endpoint.requestCount == 50)
    }

    @Test("A rejection of a token that outlived its lifetime does not count toward the guard")
    func expiredTokenRejectionsDoNotCount() async throws {
        let fixture = try await SessionFixture(
            outcomes: Array(repeating: .issue(expiresIn: 1), count: 20), lifetime: 1)
        var held = try await fixture.coordinator.currentAuthorization()
        for _ in 0..<20 {
            fixture.clock.advance(by: 1.1)
            held = try #require(try await fixture.coordinator.authorizationAfterRejection(of: held))
        }
        #expect(fixture.endpoint.requestCount == 20)
    }

    @Test("Transient refresh failures are reported as transient, however many there are")
    func transientFailuresAreNotExcessive() async throws {
        let fixture = try await SessionFixture(outcomes: Array(repeating: .status(503), count: 12))
        fixture.expire()
        for _ in 0..<12 {
            await #expect(throws: AuthorizationError.refreshFailed(.unavailable(status: 503, retryAfter: nil))) {
                try await fixture.coordinator.currentAuthorization()
            }
        }
        #expect(fixture.endpoint.requestCount == 12)
    }

    /// Answers every token with a rejection, as a broken server would, calling `between` before each; returns the
    /// error that stopped it.
    static func rejectEveryToken(_ fixture: SessionFixture, between: () -> Void = {}) async -> (any Error)? {
        do {
            var rejected = try await fixture.coordinator.currentAuthorization()
            for _ in 0..<20 {
                between()
                guard let next = try await fixture.coordinator.authorizationAfterRejection(of: rejected) else {
                    return nil
                }
                rejected = next
            }
            return nil
        } catch {
            return error
        }
    }

    // MARK: Lost answers and interruptions

    @Test("The refresh request and its retry are sent inside one interruption deferral, within the lock")
    func refreshInsideDeferralAndLock() async throws {
        let fixture = try await SessionFixture(outcomes: [.networkFailure])
        fixture.expire()
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-2"))
        #expect(
            fixture.journal.recorded == [
                "locked", "deferring", "request refresh-0", "request refresh-0", "resumed", "unlocked",
            ])
        #expect(try await fixture.stored()?.refreshToken == Secret("refresh-2"))
    }

    @Test(
        "A refresh whose request never reached the server is not retried",
        arguments: [NetworkFailure.connectionRefused, .hostNotFound, .secureConnectionFailed])
    func unsentRefreshIsNotRetried(failure: NetworkFailure) async throws {
        let fixture = try await SessionFixture(outcomes: [.unreachable(failure)])
        fixture.expire()
        await #expect(throws: AuthorizationError.refreshFailed(.unreachable(failure))) {
            try await fixture.coordinator.currentAuthorization()
        }
        #expect(fixture.endpoint.requestCount == 1)
    }

    @Test("Two lost answers in a row end the attempt, with the stored session unchanged", arguments: StoreKind.allCases)
    func twoLostAnswers(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(outcomes: [.networkFailure, .networkFailure], storeKind: storeKind)
        fixture.expire()
        await #expect(throws: AuthorizationError.refreshFailed(.unreachable(.connectionLost))) {
            try await fixture.coordinator.currentAuthorization()
        }
        #expect(fixture.endpoint.presentedRefreshTokens == ["refresh-0", "refresh-0"])
        #expect(try await fixture.stored() == fixture.initial)
    }

    @Test("The longest refresh makes maximumTokenRequestsUnderLock token requests while holding the lock")
    func longestLockHold() async throws {
        // A lost answer, a retry refused because another process rotated meanwhile, a refresh with that process's
        // token, and a revocation because the session was signed out while it ran: every path the lock can be held
        // for, at once.
        let fixture = try await SessionFixture(outcomes: [.networkFailure, .oauthError("invalid_grant")]) {
            number, store in
            switch number {
            case 2:
                guard var rotated = try? await store.credential(for: SessionFixture.origin) else { return }
                rotated.refreshToken = Secret("refresh-elsewhere")
                rotated.expiresAt = rotated.issuedAt
                _ = try? await store.save(rotated, ifGenerationIs: rotated.generation)
            case 3:
                _ = try? await store.removeCredential(for: SessionFixture.origin, account: "demo")
            default:
                break
            }
        }
        fixture.expire()
        await #expect(throws: AuthorizationError.sessionEndedDuringRefresh(origin: SessionFixture.origin.key)) {
            try await fixture.coordinator.currentAuthorization()
        }
        let journal = fixture.journal.recorded
        let underLock = journal.drop { $0 != "locked" }.prefix { $0 != "unlocked" }
        let tokenRequests = underLock.filter { $0.hasPrefix("request ") || $0.hasPrefix("revoke ") }
        #expect(
            tokenRequests == [
                "request refresh-0", "request refresh-0", "request refresh-elsewhere", "revoke refresh-3",
            ])
        #expect(tokenRequests.count == SessionCoordinator.maximumTokenRequestsUnderLock)
    }

    // MARK: Sign-in and sign-out under the lock

    @Test(
        "Signing out revokes the refresh token stored at that moment, inside the lock, then removes the session",
        arguments: StoreKind.allCases)
    func signOutRevokesWhatIsStored(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        _ = try await fixture.coordinator.currentAuthorization()
        // Another process refreshes after this one cached the session.
        try await fixture.rotateElsewhere()
        let ended = try #require(try await fixture.coordinator.signOut())
        #expect(ended.credential.refreshToken == Secret("refresh-elsewhere"))
        #expect(ended.revocationFailure == nil)
        #expect(fixture.journal.recorded == ["locked", "revoke refresh-elsewhere", "unlocked"])
        #expect(try await fixture.stored() == nil)
    }

    @Test("Signing out without a session revokes nothing", arguments: StoreKind.allCases)
    func signOutWithoutSession(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        try await fixture.store.removeCredential(for: SessionFixture.origin, account: "demo")
        #expect(try await fixture.coordinator.signOut() == nil)
        #expect(fixture.endpoint.revokedTokens.isEmpty)
    }

    @Test(
        "A sign-in replaces the session its account had stored at that moment, under the lock, and revokes it",
        arguments: StoreKind.allCases)
    func signInRevokesWhatItReplaces(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        _ = try await fixture.coordinator.currentAuthorization()
        // Another process refreshes after this one cached the session.
        try await fixture.rotateElsewhere()
        let outcome = try await fixture.coordinator.signIn(username: "demo", password: Secret("pw"), at: .fixture())
        #expect(outcome.replaced?.credential.refreshToken == Secret("refresh-elsewhere"))
        #expect(outcome.replaced?.revocationFailure == nil)
        #expect(outcome.previouslyActiveAccount == nil)
        #expect(
            fixture.journal.recorded == [
                "request demo", "deferring", "locked", "unlocked", "revoke refresh-elsewhere", "resumed",
            ])
        #expect(try await fixture.stored()?.accessToken == Secret("access-1"))
    }

    @Test(
        "A refresh that finds its session signed out meanwhile revokes the tokens it received and says so",
        arguments: StoreKind.allCases)
    func refreshAfterSignOutElsewhere(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind) { _, store in
            _ = try? await store.removeCredential(for: SessionFixture.origin, account: "demo")
        }
        fixture.expire()
        await #expect(throws: AuthorizationError.sessionEndedDuringRefresh(origin: SessionFixture.origin.key)) {
            try await fixture.coordinator.currentAuthorization()
        }
        #expect(fixture.endpoint.revokedTokens == ["refresh-1"])
        #expect(try await fixture.stored() == nil)
    }

    @Test(
        "A refresh that finds a new sign-in meanwhile revokes the tokens it received and uses the new session",
        arguments: StoreKind.allCases)
    func refreshAfterSignInElsewhere(storeKind: StoreKind) async throws {
        // The same account signs in again by a writer that does not take the lock: its row is replaced.
        let fixture = try await SessionFixture(storeKind: storeKind) { _, store in
            _ = try? await store.replace(
                with: .fixture(
                    origin: SessionFixture.origin, account: "demo", accessToken: "access-again",
                    refreshToken: "refresh-again", lifetime: nil))
        }
        fixture.expire()
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-again"))
        #expect(fixture.endpoint.revokedTokens == ["refresh-1"])
        #expect(try await fixture.stored()?.refreshToken == Secret("refresh-again"))
    }
}
