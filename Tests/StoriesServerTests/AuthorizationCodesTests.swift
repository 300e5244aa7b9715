import Foundation
import Testing

@testable import StoriesServerKit

/// The authorization code store on its own: what the HTTP tests cannot time.
@Suite("Authorization codes")
struct AuthorizationCodesTests {
    let clock = TestEnvironment()

    static let request = AuthorizationRequest(
        clientID: "stories-cli",
        redirectURI: LoopbackRedirectURI("http://127.0.0.1:5000/cb")!,
        codeChallenge: AuthorizationServerApp.challenge,
        state: "s",
        scope: nil
    )

    func redeem(_ codes: AuthorizationCodes, _ code: String) async -> Result<CodeGrant, CodeRedemptionFailure> {
        await codes.redeem(
            code, clientID: "stories-cli", redirectURI: "http://127.0.0.1:5000/cb",
            verifier: AuthorizationServerApp.verifier)
    }

    @Test("A reuse that arrives while the first exchange is issuing tokens makes that exchange revoke them")
    func reuseDuringIssue() async throws {
        let codes = AuthorizationCodes(environment: clock.environment)
        let code = try #require(await codes.issue(for: Self.request, username: "demo"))
        #expect(try await redeem(codes, code).get() == CodeGrant(username: "demo", scope: nil))
        // The second presentation comes before the first exchange has recorded its family.
        guard case .failure(let failure) = await redeem(codes, code) else {
            Issue.record("a reused code was accepted")
            return
        }
        #expect(failure.reason == .reused)
        #expect(failure.familyToRevoke == nil)
        #expect(await codes.attach(TokenFamilyID(value: 7), to: code))
    }

    @Test("A reuse after the exchange recorded its family names that family for revocation")
    func reuseAfterIssue() async throws {
        let codes = AuthorizationCodes(environment: clock.environment)
        let code = try #require(await codes.issue(for: Self.request, username: "demo"))
        _ = try await redeem(codes, code).get()
        #expect(await codes.attach(TokenFamilyID(value: 7), to: code) == false)
        clock.advance(by: 3000)
        guard case .failure(let failure) = await redeem(codes, code) else {
            Issue.record("a reused code was accepted")
            return
        }
        #expect(failure.reason == .reused)
        #expect(failure.familyToRevoke == TokenFamilyID(value: 7))
    }

    @Test("At capacity no code is issued until old ones are forgotten")
    func bounded() async throws {
        let codes = AuthorizationCodes(lifetime: 60, retention: 60, capacity: 2, environment: clock.environment)
        #expect(await codes.issue(for: Self.request, username: "demo") != nil)
        #expect(await codes.issue(for: Self.request, username: "demo") != nil)
        #expect(await codes.issue(for: Self.request, username: "demo") == nil)
        clock.advance(by: 120)
        #expect(await codes.issue(for: Self.request, username: "demo") != nil)
    }
}
