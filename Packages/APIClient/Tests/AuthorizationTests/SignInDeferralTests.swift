import Testing

@testable import Authorization

/// Once a sign-in holds tokens, the process's termination requests wait until they are stored (or revoked): tokens
/// that no file holds stay live at the server, and this client could never use or end them.
@Suite("Termination requests during a sign-in")
struct SignInDeferralTests {
    /// Names the account, noting in the journal when it was asked.
    struct JournalingIdentifier: AccountIdentifying {
        let journal: Journal

        func account(authorizedBy accessToken: Secret) async throws -> String {
            journal.record("identify")
            return "demo"
        }
    }

    @Test(
        "A password sign-in stores its tokens and revokes the session they replace with termination requests deferred; asking for them is not deferred"
    )
    func passwordSignInStoresWhileDeferred() async throws {
        let fixture = try await SessionFixture()
        _ = try await fixture.coordinator.signIn(username: "demo", password: Secret("pw"), at: .fixture())
        #expect(
            fixture.journal.recorded == [
                "request demo", "deferring", "locked", "unlocked", "revoke refresh-0", "resumed",
            ])
    }

    @Test("A sign-in with a grant identifies its account and stores it with termination requests deferred")
    func grantSignInIdentifiesAndStoresWhileDeferred() async throws {
        let fixture = try await SessionFixture()
        _ = try await fixture.coordinator.signIn(
            with: DeviceSignInSessionTests.grant(fixture), identifiedBy: JournalingIdentifier(journal: fixture.journal),
            issuedBy: .fixture())
        #expect(
            fixture.journal.recorded == [
                "deferring", "identify", "locked", "unlocked", "revoke refresh-0", "resumed",
            ])
    }
}
