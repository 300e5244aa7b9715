import APIClientTestSupport
import Foundation
import Synchronization
import Testing

@testable import Authorization

/// Tokens from a device authorization are stored like a password sign-in's: under the lock, as the account the
/// server names, replacing and revoking that account's earlier session.
@Suite("Sign-in with a grant obtained without a username")
struct DeviceSignInSessionTests {
    /// Names the account the test scripts, and records which token it was asked about.
    final class ScriptedIdentifier: AccountIdentifying {
        private let answer: Result<String, TokenEndpointError>
        private let asked = Mutex<[Secret]>([])

        init(_ answer: Result<String, TokenEndpointError>) { self.answer = answer }

        var askedAbout: [Secret] { asked.withLock { $0 } }

        func account(authorizedBy accessToken: Secret) async throws -> String {
            asked.withLock { $0.append(accessToken) }
            return try answer.get()
        }
    }

    static func grant(_ fixture: SessionFixture) -> TokenGrant {
        TokenGrant(
            accessToken: Secret("device-access"), refreshToken: Secret("device-refresh"), scope: nil,
            issuedAt: fixture.clock.now, expiresAt: fixture.clock.now.addingTimeInterval(900))
    }

    @Test(
        "Stores the grant as the account the server names, replacing and revoking that account's earlier session",
        arguments: StoreKind.allCases)
    func storesAsIdentifiedAccount(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        let identifier = ScriptedIdentifier(.success("demo"))
        let outcome = try await fixture.coordinator.signIn(
            with: Self.grant(fixture), identifiedBy: identifier, issuedBy: .fixture())
        #expect(identifier.askedAbout == [Secret("device-access")])
        #expect(outcome.credential.account == "demo")
        #expect(outcome.replaced?.credential.refreshToken == Secret("refresh-0"))
        #expect(fixture.endpoint.revokedTokens == ["refresh-0"])
        let stored = try #require(try await fixture.stored())
        #expect(stored.account == "demo")
        #expect(stored.refreshToken == Secret("device-refresh"))
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("device-access"))
    }

    @Test("A grant for another account adds it as the active one and keeps the first", arguments: StoreKind.allCases)
    func addsAnotherAccount(storeKind: StoreKind) async throws {
        let fixture = try await SessionFixture(storeKind: storeKind)
        let outcome = try await fixture.coordinator.signIn(
            with: Self.grant(fixture), identifiedBy: ScriptedIdentifier(.success("alice")), issuedBy: .fixture())
        #expect(outcome.previouslyActiveAccount == "demo")
        #expect(outcome.replaced == nil)
        #expect(fixture.endpoint.revokedTokens.isEmpty)
        #expect(try await fixture.stored()?.account == "alice")
        #expect(try await fixture.stored(account: "demo") == fixture.initial)
    }

    @Test("A grant whose account cannot be identified is revoked and nothing stored changes")
    func unidentifiedGrantIsRevoked() async throws {
        let fixture = try await SessionFixture()
        let failure = TokenEndpointError.malformedResponse(.unexpectedStatus(401))
        await #expect(throws: failure) {
            try await fixture.coordinator.signIn(
                with: Self.grant(fixture), identifiedBy: ScriptedIdentifier(.failure(failure)), issuedBy: .fixture())
        }
        #expect(fixture.endpoint.revokedTokens == ["device-refresh"])
        #expect(try await fixture.stored() == fixture.initial)
    }

    @Test(
        "A sign-in whose tokens cannot be stored revokes them at the server; the stored session is unchanged",
        arguments: [true, false])
    func unstorableGrantIsRevoked(withPassword: Bool) async throws {
        let fixture = try await SessionFixture()
        let full = CountingStore(fixture.store, refusingWritesWith: .diskFull(path: "c.sqlite"))
        let coordinator = SessionCoordinator(
            origin: SessionFixture.origin, store: full, tokenEndpoint: fixture.endpoint.endpoint(clock: fixture.clock),
            lock: fixture.lock, interruptions: JournalingDeferral(journal: fixture.journal),
            now: fixture.clock.function,
            uptime: fixture.clock.uptime)
        await #expect(throws: CredentialsStoreError.diskFull(path: "c.sqlite")) {
            if withPassword {
                _ = try await coordinator.signIn(username: "demo", password: Secret("pw"), at: .fixture())
            } else {
                _ = try await coordinator.signIn(
                    with: Self.grant(fixture), identifiedBy: ScriptedIdentifier(.success("alice")), issuedBy: .fixture()
                )
            }
        }
        #expect(fixture.endpoint.revokedTokens == [withPassword ? "refresh-1" : "device-refresh"])
        #expect(try await fixture.stored() == fixture.initial)
    }

    @Test("Signing out of a file that cannot be written revokes nothing: the session stays whole on both sides")
    func signOutOfUnwritableFileRevokesNothing() async throws {
        let fixture = try await SessionFixture()
        let locked = CountingStore(fixture.store, refusingWritesWith: .locked(path: "c.sqlite"))
        let coordinator = SessionCoordinator(
            origin: SessionFixture.origin, store: locked,
            tokenEndpoint: fixture.endpoint.endpoint(clock: fixture.clock),
            lock: fixture.lock, interruptions: JournalingDeferral(journal: fixture.journal),
            now: fixture.clock.function,
            uptime: fixture.clock.uptime)
        await #expect(throws: CredentialsStoreError.locked(path: "c.sqlite")) { try await coordinator.signOut() }
        #expect(fixture.endpoint.revokedTokens.isEmpty)
        #expect(try await fixture.stored() == fixture.initial)
    }

}
