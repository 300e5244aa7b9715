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
        let code = await codes.issue(for: Self.request, username: "demo", from: .unknown)
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
        let code = await codes.issue(for: Self.request, username: "demo", from: .unknown)
        _ = try await redeem(codes, code).get()
        #expect(await codes.attach(TokenFamilyID(value: 7), to: code) == false)
        clock.advance(by: 500)
        guard case .failure(let failure) = await redeem(codes, code) else {
            Issue.record("a reused code was accepted")
            return
        }
        #expect(failure.reason == .reused)
        #expect(failure.familyToRevoke == TokenFamilyID(value: 7))
    }

    @Test("An account or a client past its limit loses its own oldest code, and a code is always issued")
    func bounded() async throws {
        let codes = AuthorizationCodes(
            lifetime: 60, retention: 60, perAccount: 2, perAddress: 3, capacity: 100, environment: clock.environment)
        let address = ClientAddress(text: "198.51.100.1")
        let first = await codes.issue(for: Self.request, username: "mallory", from: address)
        _ = await codes.issue(for: Self.request, username: "mallory", from: address)
        _ = await codes.issue(for: Self.request, username: "mallory", from: address)
        #expect(await codes.count(for: .account("mallory")) == 2)
        guard case .failure(let failure) = await redeem(codes, first) else {
            Issue.record("a code dropped for room was accepted")
            return
        }
        #expect(failure.reason == .unknown)
        // The address's limit holds across accounts too.
        for name in ["m1", "m2", "m3"] { _ = await codes.issue(for: Self.request, username: name, from: address) }
        #expect(await codes.count(for: .address(address)) == 3)
        let other = await codes.issue(for: Self.request, username: "demo", from: ClientAddress(text: "203.0.113.2"))
        #expect(try await redeem(codes, other).get() == CodeGrant(username: "demo", scope: nil))
    }

    @Test("A spent code is forgotten once its retention has passed")
    func forgetsSpentCodes() async throws {
        let codes = AuthorizationCodes(lifetime: 60, retention: 60, environment: clock.environment)
        let code = await codes.issue(for: Self.request, username: "demo", from: .unknown)
        _ = try await redeem(codes, code).get()
        clock.advance(by: 120)
        _ = await codes.issue(for: Self.request, username: "demo", from: .unknown)
        #expect(await codes.count(for: .account("demo")) == 1)
    }
}
