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
        let fixture = await SessionFixture()
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
        let credential = Credential(
            origin: SessionFixture.origin,
            account: "demo",
            accessToken: Secret("a"),
            refreshToken: Secret("r"),
            expiresAt: issuedAt.addingTimeInterval(lifetime),
            issuedAt: issuedAt
        )
        #expect(RefreshPolicy().needsRefresh(credential, at: issuedAt.addingTimeInterval(elapsed)) == refreshes)
    }

    @Test("Never refreshes proactively when the expiry is unknown")
    func unknownExpiry() {
        let credential = Credential(
            origin: SessionFixture.origin,
            account: "demo",
            accessToken: Secret("a"),
            refreshToken: Secret("r"),
            expiresAt: nil,
            issuedAt: .distantPast
        )
        #expect(!RefreshPolicy().needsRefresh(credential, at: .distantFuture))
    }

    @Test("Refreshes once when 1,000 requests find the token expired, and all 1,000 succeed")
    func singleFlightUnderLoad() async throws {
        let gate = Gate()
        let fixture = await SessionFixture(gate: gate)
        fixture.expire()
        let middleware = AuthorizationMiddleware(session: fixture.coordinator)
        let results = Task {
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<1_000 {
                    group.addTask {
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
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
        }
        await fixture.waitForRefreshWaiters(1_000)
        await gate.open()
        let statuses = try await results.value
        #expect(statuses.count == 1_000)
        #expect(statuses.allSatisfy { $0 == .ok })
        #expect(fixture.endpoint.requestCount == 1)
        #expect(try await fixture.store.credential(for: SessionFixture.origin)?.accessToken == Secret("access-1"))
    }

    @Test("A late 401 for an older generation retries with the current token and does not refresh")
    func staleRejection() async throws {
        let fixture = await SessionFixture()
        fixture.expire()
        let refreshed = try await fixture.coordinator.currentAuthorization()
        #expect(fixture.endpoint.requestCount == 1)
        let retry = try await fixture.coordinator.authorizationAfterRejection(
            of: BearerAuthorization(accessToken: Secret("access-0"), generation: fixture.initial.generation)
        )
        #expect(retry == refreshed)
        #expect(fixture.endpoint.requestCount == 1)
    }

    @Test("A 401 for the current generation refreshes once and hands back the new token")
    func currentRejection() async throws {
        let fixture = await SessionFixture()
        let current = try await fixture.coordinator.currentAuthorization()
        let retry = try #require(try await fixture.coordinator.authorizationAfterRejection(of: current))
        #expect(retry.accessToken == Secret("access-1"))
        #expect(retry.generation > current.generation)
        #expect(fixture.endpoint.presentedRefreshTokens == ["refresh-0"])
    }

    @Test("A refresh failure reaches every waiter, after one request")
    func failureReachesEveryWaiter() async throws {
        let gate = Gate()
        let fixture = await SessionFixture(outcomes: [.status(503)], gate: gate)
        fixture.expire()
        let coordinator = fixture.coordinator
        let outcomes = Task {
            await withTaskGroup(of: (any Error)?.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        do {
                            _ = try await coordinator.currentAuthorization()
                            return nil
                        } catch {
                            return error
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

    @Test("Cancelling the request that started a refresh does not cancel the refresh")
    func cancellationDoesNotCancelRefresh() async throws {
        let gate = Gate()
        let fixture = await SessionFixture(gate: gate)
        fixture.expire()
        let coordinator = fixture.coordinator
        let initiator = Task { try await coordinator.currentAuthorization() }
        await fixture.waitForRefreshWaiters(1)
        initiator.cancel()
        await gate.open()
        _ = await initiator.result
        let stored = try #require(try await fixture.store.credential(for: SessionFixture.origin))
        #expect(stored.accessToken == Secret("access-1"))
        #expect(stored.refreshToken == Secret("refresh-1"))
        #expect(try await coordinator.currentAuthorization().accessToken == Secret("access-1"))
        #expect(fixture.endpoint.requestCount == 1)
    }

    @Test("A 401 after another process rotated the token recovers with the rotated one, without a request")
    func rejectionAfterRotationElsewhere() async throws {
        let fixture = await SessionFixture(outcomes: [.oauthError("invalid_grant")])
        fixture.expire()
        // While this process's request is refused, another process stores the pair it obtained.
        var rotated = fixture.initial
        rotated.accessToken = Secret("access-elsewhere")
        rotated.refreshToken = Secret("refresh-elsewhere")
        rotated.issuedAt = fixture.clock.now
        rotated.expiresAt = fixture.clock.now.addingTimeInterval(900)
        _ = await fixture.store.save(rotated, ifGenerationIs: fixture.initial.generation)
        // The coordinator still holds generation 1 in its cache from before the other process wrote.
        let authorization = try await fixture.coordinator.authorizationAfterRejection(
            of: BearerAuthorization(accessToken: Secret("access-0"), generation: fixture.initial.generation)
        )
        #expect(authorization?.accessToken == Secret("access-elsewhere"))
        #expect(fixture.endpoint.requestCount == 0)
    }

    @Test("A session signed out and signed in again elsewhere is adopted, though its generation restarted")
    func adoptsSessionWithRestartedGeneration() async throws {
        let fixture = await SessionFixture()
        // This process has used the session a while: its cached generation is 3.
        var held = try await fixture.coordinator.currentAuthorization()
        for _ in 0..<2 { held = try #require(try await fixture.coordinator.authorizationAfterRejection(of: held)) }
        #expect(held.generation == 3)
        // Another process signs out and signs in as someone else: the row restarts at generation 1.
        await fixture.store.removeCredential(for: SessionFixture.origin)
        let other = await fixture.store.replace(
            with: Credential(
                origin: SessionFixture.origin,
                account: "someone-else",
                accessToken: Secret("access-other"),
                refreshToken: Secret("refresh-other"),
                expiresAt: fixture.clock.now.addingTimeInterval(900),
                issuedAt: fixture.clock.now
            )
        )
        #expect(other.generation == 1)
        let requestsBefore = fixture.endpoint.requestCount
        let retry = try await fixture.coordinator.authorizationAfterRejection(of: held)
        #expect(retry?.accessToken == Secret("access-other"))
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-other"))
        #expect(fixture.endpoint.requestCount == requestsBefore)
    }

    @Test("invalid_grant while another process rotates mid-request retries once with the new token")
    func invalidGrantRaceRetriesOnce() async throws {
        let clock = TestClock()
        let store = InMemoryCredentialsStore()
        let initial = await store.replace(
            with: Credential(
                origin: SessionFixture.origin,
                account: "demo",
                accessToken: Secret("access-0"),
                refreshToken: Secret("refresh-0"),
                expiresAt: clock.now.addingTimeInterval(900),
                issuedAt: clock.now
            )
        )
        clock.advance(by: 901)
        // The other process's write lands while this process's refresh request is on the wire; its own tokens are
        // already stale by the time this process looks, so one retry with them is the right move.
        let presented = Mutex([String]())
        var api = MockAPI()
        api.createToken = { input in
            guard case .urlEncodedForm(let form) = input.body else { return .undocumented(statusCode: 500, .init()) }
            let count = presented.withLock {
                $0.append(form.refreshToken ?? "")
                return $0.count
            }
            if count == 1 {
                var rotated = initial
                rotated.refreshToken = Secret("refresh-elsewhere")
                rotated.accessToken = Secret("access-elsewhere")
                rotated.expiresAt = clock.now.addingTimeInterval(-1)
                _ = await store.save(rotated, ifGenerationIs: initial.generation)
                return .badRequest(.init(body: .json(.init(error: "invalid_grant"))))
            }
            return .ok(
                .init(
                    headers: .init(cacheControl: "no-store"),
                    body: .json(
                        .init(accessToken: "access-2", tokenType: "Bearer", expiresIn: 900, refreshToken: "refresh-2"))
                )
            )
        }
        let coordinator = SessionCoordinator(
            origin: SessionFixture.origin,
            store: store,
            tokenEndpoint: TokenEndpoint(api: api, clientID: "stories-cli", now: clock.function),
            lock: NoCrossProcessLock(),
            now: clock.function
        )
        #expect(try await coordinator.currentAuthorization().accessToken == Secret("access-2"))
        #expect(presented.withLock { $0 } == ["refresh-0", "refresh-elsewhere"])
        #expect(await store.credential(for: SessionFixture.origin)?.isSignInRequired == false)
    }

    @Test("invalid_grant with nothing rotated ends the session: sign-in required, refresh token dropped")
    func invalidGrantEndsSession() async throws {
        let fixture = await SessionFixture(outcomes: [.oauthError("invalid_grant")])
        fixture.expire()
        var events = fixture.coordinator.events.makeAsyncIterator()
        await #expect(throws: AuthorizationError.sessionExpired(origin: SessionFixture.origin.key)) {
            try await fixture.coordinator.currentAuthorization()
        }
        let stored = try #require(await fixture.store.credential(for: SessionFixture.origin))
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

    @Test(
        "Transient and malformed refresh failures leave the stored session unchanged",
        arguments: [
            ScriptedTokenEndpoint.Outcome.status(503), .status(429), .networkFailure, .oauthError("invalid_client"),
            .oauthError("temporarily_unavailable"),
            .malformed(.init(accessToken: "a b", tokenType: "Bearer")),
            .malformed(.init(accessToken: "ok", tokenType: "MAC")),
        ])
    func transientFailureLeavesSession(outcome: ScriptedTokenEndpoint.Outcome) async throws {
        let fixture = await SessionFixture(outcomes: [outcome])
        fixture.expire()
        await #expect(throws: AuthorizationError.self) { try await fixture.coordinator.currentAuthorization() }
        #expect(await fixture.store.credential(for: SessionFixture.origin) == fixture.initial)
    }

    @Test("A response without a refresh token keeps the old one (RFC 6749 §6)")
    func keepsRefreshToken() async throws {
        let fixture = await SessionFixture(outcomes: [.issue(refreshToken: false)])
        fixture.expire()
        _ = try await fixture.coordinator.currentAuthorization()
        let stored = try #require(await fixture.store.credential(for: SessionFixture.origin))
        #expect(stored.accessToken == Secret("access-1"))
        #expect(stored.refreshToken == Secret("refresh-0"))
    }

    @Test("Does not spend the refresh token when the store cannot be written")
    func checksWritabilityFirst() async throws {
        let fixture = await SessionFixture()
        fixture.expire()
        await fixture.store.setWritabilityFailure(.readOnly(path: "/x"))
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
            tokenEndpoint: TokenEndpoint(api: MockAPI(), clientID: "stories-cli", now: { Date() }),
            lock: NoCrossProcessLock(),
            now: { Date() }
        )
        await #expect(throws: TokenEndpointError.insecureTransport(origin: origin.key)) {
            try await coordinator.signIn(username: "demo", password: Secret("demo-password"))
        }
    }

    @Test("Stops refreshing when the server keeps rejecting fresh tokens")
    func excessiveRefreshGuard() async throws {
        let fixture = await SessionFixture()
        var rejected = try await fixture.coordinator.currentAuthorization()
        var lastError: (any Error)?
        for _ in 0..<20 {
            do {
                guard let next = try await fixture.coordinator.authorizationAfterRejection(of: rejected) else { break }
                rejected = next
            } catch {
                lastError = error
                break
            }
        }
        #expect(fixture.endpoint.requestCount == RefreshPolicy().maximumRefreshes)
        #expect(lastError as? AuthorizationError == .excessiveRefresh(count: 5, window: .seconds(30)))
    }
}
