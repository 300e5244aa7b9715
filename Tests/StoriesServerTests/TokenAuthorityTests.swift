import Foundation
import Synchronization
import Testing

@testable import StoriesServerKit

/// A clock the test moves by hand, and tokens numbered in order.
final class TestEnvironment: Sendable {
    private let state = Mutex((now: Date(timeIntervalSince1970: 1_800_000_000), counter: 0))

    var environment: ServerEnvironment {
        ServerEnvironment(
            now: { self.state.withLock { $0.now } },
            makeToken: {
                self.state.withLock { state in
                    state.counter += 1
                    return "token-\(state.counter)"
                }
            }
        )
    }

    func advance(by seconds: TimeInterval) {
        state.withLock { $0.now.addTimeInterval(seconds) }
    }
}

@Suite("TokenAuthority")
struct TokenAuthorityTests {
    let clock = TestEnvironment()

    func authority(refreshLifetime: TimeInterval? = nil, reuseInterval: TimeInterval = 0) -> TokenAuthority {
        TokenAuthority(
            accessTokenLifetime: 60,
            refreshTokenLifetime: refreshLifetime,
            reuseInterval: reuseInterval,
            environment: clock.environment
        )
    }

    @Test("An access token is valid until its lifetime ends")
    func accessTokenExpires() async {
        let tokens = authority()
        let issued = await tokens.issueTokens(for: "demo")
        #expect(await tokens.check(accessToken: issued.accessToken) == .valid(username: "demo"))
        clock.advance(by: 60)
        #expect(await tokens.check(accessToken: issued.accessToken) == .expired)
        #expect(await tokens.check(accessToken: "never-issued") == .invalid)
    }

    @Test("Rotating a refresh token issues a new pair and spends the old token")
    func rotates() async throws {
        let tokens = authority()
        let first = await tokens.issueTokens(for: "demo")
        let second = try await tokens.rotate(first.refreshToken).get()
        #expect(second.refreshToken != first.refreshToken)
        #expect(second.family == first.family)
        #expect(await tokens.check(accessToken: second.accessToken) == .valid(username: "demo"))
    }

    @Test("Presenting a spent refresh token revokes its whole family")
    func reuseRevokesFamily() async throws {
        let tokens = authority()
        let first = await tokens.issueTokens(for: "demo")
        let second = try await tokens.rotate(first.refreshToken).get()
        #expect(await tokens.rotate(first.refreshToken).refusal == .reused)
        #expect(await tokens.check(accessToken: second.accessToken) == .invalid)
        #expect(await tokens.rotate(second.refreshToken).refusal == .revoked)
    }

    @Test("Other families survive a reuse")
    func reuseIsScopedToFamily() async throws {
        let tokens = authority()
        let mine = await tokens.issueTokens(for: "demo")
        let other = await tokens.issueTokens(for: "demo")
        _ = try await tokens.rotate(mine.refreshToken).get()
        _ = await tokens.rotate(mine.refreshToken)
        #expect(await tokens.check(accessToken: other.accessToken) == .valid(username: "demo"))
    }

    @Test("An expired refresh token is refused")
    func refreshTokenExpires() async {
        let tokens = authority(refreshLifetime: 120)
        let issued = await tokens.issueTokens(for: "demo")
        clock.advance(by: 120)
        #expect(await tokens.rotate(issued.refreshToken).refusal == .expired)
    }

    @Test("Revoking either token of a pair revokes the family; unknown tokens are ignored")
    func revokes() async throws {
        let tokens = authority()
        let issued = await tokens.issueTokens(for: "demo")
        #expect(await tokens.revoke(token: "unknown") == false)
        #expect(await tokens.revoke(token: issued.refreshToken))
        #expect(await tokens.check(accessToken: issued.accessToken) == .invalid)
        #expect(await tokens.rotate(issued.refreshToken).refusal == .revoked)
    }
}

@Suite("TokenAuthority with a refresh-token reuse interval")
struct TokenAuthorityReuseIntervalTests {
    let clock = TestEnvironment()

    func authority(reuseInterval: TimeInterval = 10) -> TokenAuthority {
        TokenAuthority(
            accessTokenLifetime: 60, refreshTokenLifetime: nil, reuseInterval: reuseInterval,
            environment: clock.environment)
    }

    @Test("The spent token presented again within the interval gets a fresh pair and the family stays alive")
    func reuseWithinInterval() async throws {
        let tokens = authority()
        let first = await tokens.issueTokens(for: "demo")
        let lost = try await tokens.rotate(first.refreshToken).get()
        clock.advance(by: 9)
        let again = try await tokens.rotate(first.refreshToken).get()
        #expect(again.outcome == .reuseWithinGrace)
        #expect(again.family == first.family)
        #expect(again.refreshToken != lost.refreshToken)
        #expect(await tokens.check(accessToken: again.accessToken) == .valid(username: "demo"))
        let next = try await tokens.rotate(again.refreshToken).get()
        #expect(next.outcome == .issued)
        #expect(await tokens.check(accessToken: next.accessToken) == .valid(username: "demo"))
    }

    @Test("The successor replaced within the interval stops working, and presenting it leaves the family alive")
    func replacedSuccessorIsRetired() async throws {
        let tokens = authority()
        let first = await tokens.issueTokens(for: "demo")
        let lost = try await tokens.rotate(first.refreshToken).get()
        let again = try await tokens.rotate(first.refreshToken).get()
        #expect(await tokens.check(accessToken: lost.accessToken) == .invalid)
        #expect(await tokens.rotate(lost.refreshToken).refusal == .retired)
        #expect(await tokens.check(accessToken: again.accessToken) == .valid(username: "demo"))
        #expect(try await tokens.rotate(again.refreshToken).get().family == first.family)
    }

    @Test("Presenting the spent token once the interval has passed revokes the family", arguments: [10.0, 11, 3600])
    func reuseAfterInterval(elapsed: TimeInterval) async throws {
        let tokens = authority()
        let first = await tokens.issueTokens(for: "demo")
        let second = try await tokens.rotate(first.refreshToken).get()
        clock.advance(by: elapsed)
        #expect(await tokens.rotate(first.refreshToken).refusal == .reused)
        #expect(await tokens.check(accessToken: second.accessToken) == .invalid)
        #expect(await tokens.rotate(second.refreshToken).refusal == .revoked)
    }

    @Test("Presenting the spent token after its successor was used revokes the family, even within the interval")
    func reuseAfterSuccessorUsed() async throws {
        let tokens = authority()
        let first = await tokens.issueTokens(for: "demo")
        let second = try await tokens.rotate(first.refreshToken).get()
        let third = try await tokens.rotate(second.refreshToken).get()
        clock.advance(by: 1)
        #expect(await tokens.rotate(first.refreshToken).refusal == .reused)
        #expect(await tokens.check(accessToken: third.accessToken) == .invalid)
        #expect(await tokens.rotate(third.refreshToken).refusal == .revoked)
    }

    @Test("Reissues within the interval never extend it: it counts from the rotation")
    func reissuesDoNotExtendInterval() async throws {
        let tokens = authority()
        let first = await tokens.issueTokens(for: "demo")
        _ = try await tokens.rotate(first.refreshToken).get()
        clock.advance(by: 6)
        #expect(try await tokens.rotate(first.refreshToken).get().outcome == .reuseWithinGrace)
        clock.advance(by: 6)
        #expect(await tokens.rotate(first.refreshToken).refusal == .reused)
    }

    @Test("Without a reuse interval every reuse revokes the family at once, as before")
    func strictByDefault() async throws {
        let tokens = TokenAuthority(accessTokenLifetime: 60, refreshTokenLifetime: nil, environment: clock.environment)
        let first = await tokens.issueTokens(for: "demo")
        let second = try await tokens.rotate(first.refreshToken).get()
        #expect(second.outcome == .issued)
        #expect(await tokens.rotate(first.refreshToken).refusal == .reused)
        #expect(await tokens.check(accessToken: second.accessToken) == .invalid)
        #expect(await tokens.rotate(second.refreshToken).refusal == .revoked)
    }
}

extension Result where Success == IssuedTokens, Failure == RefreshRefusal {
    /// The refusal, or `nil` for a success.
    var refusal: RefreshRefusal? {
        if case .failure(let refusal) = self { refusal } else { nil }
    }
}
