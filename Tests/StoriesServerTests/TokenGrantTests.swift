import Foundation
import Testing

@testable import StoriesServerKit

/// What each token was granted for: the client, the scope, the resource (RFC 8707), and its times.
@Suite("TokenAuthority's grants")
struct TokenGrantTests {
    let clock = TestEnvironment()

    func authority() -> TokenAuthority {
        TokenAuthority(accessTokenLifetime: 60, refreshTokenLifetime: nil, environment: clock.environment)
    }

    @Test("An access token's grant and times come back while it is live, and nothing once it expired or was revoked")
    func details() async throws {
        let tokens = authority()
        let grant = TokenGrant(clientID: "stories-cli", scope: "read", audience: "https://other.example/api")
        let issued = await tokens.issueTokens(for: "demo", grant: grant)
        let issuedAt = clock.environment.now()
        clock.advance(by: 10)
        #expect(
            await tokens.activeAccessToken(issued.accessToken)
                == ActiveAccessToken(
                    username: "demo", grant: grant, issuedAt: issuedAt, expiresAt: issuedAt.addingTimeInterval(60)))
        // A refresh token is never an access token, whatever it is worth as a refresh token.
        #expect(await tokens.activeAccessToken(issued.refreshToken) == nil)
        #expect(await tokens.activeAccessToken("never-issued") == nil)
        clock.advance(by: 50)
        #expect(await tokens.activeAccessToken(issued.accessToken) == nil)

        let revoked = await tokens.issueTokens(for: "demo", grant: grant)
        await tokens.revoke(revoked.family)
        #expect(await tokens.activeAccessToken(revoked.accessToken) == nil)
    }

    @Test("A rotation keeps the family's grant, and its new access token is issued now")
    func rotationKeepsGrant() async throws {
        let tokens = authority()
        let grant = TokenGrant(clientID: "stories-cli", scope: "read", audience: nil)
        let first = await tokens.issueTokens(for: "demo", grant: grant)
        clock.advance(by: 30)
        let second = try await tokens.rotate(first.refreshToken).get()
        let active = try #require(await tokens.activeAccessToken(second.accessToken))
        #expect(active.grant == grant)
        #expect(active.issuedAt == clock.environment.now())
    }

    @Test("A token issued for another resource is not valid for this API")
    func otherResource() async throws {
        let tokens = authority()
        let mine = await tokens.issueTokens(for: "demo", grant: TokenGrant(audience: nil))
        let theirs = await tokens.issueTokens(for: "demo", grant: TokenGrant(audience: "https://other.example/api"))
        #expect(await tokens.check(accessToken: mine.accessToken) == .valid(username: "demo"))
        #expect(await tokens.check(accessToken: theirs.accessToken) == .forAnotherResource)
        #expect(await tokens.verify(accessToken: theirs.accessToken) == .invalid)
    }

    @Test(
        "A refresh that asks for another resource than its family's is refused before the token is spent",
        arguments: [
            (String?.none, RequestedResource.audience("https://other.example/api")),
            ("https://other.example/api", .audience(nil)),
            ("https://other.example/api", .audience("https://third.example")),
        ])
    func refreshForAnotherResource(audience: String?, requested: RequestedResource) async throws {
        let tokens = authority()
        let issued = await tokens.issueTokens(for: "demo", grant: TokenGrant(audience: audience))
        #expect(await tokens.rotate(issued.refreshToken, requesting: requested).refusal == .otherResource)
        // Not spent: the same token still rotates, for its own resource or without naming one.
        #expect(await tokens.rotate(issued.refreshToken, requesting: .audience(audience)).refusal == nil)
    }
}

@Suite("Resource indicators (RFC 8707)")
struct ResourceIndicatorTests {
    @Test(
        "A resource is an absolute http or https URI without fragment, compared without case in scheme and host, default port or trailing slash",
        arguments: [
            ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1"),
            ("HTTP://127.0.0.1:8080/v1/", "http://127.0.0.1:8080/v1"),
            ("https://API.Example:443/v1", "https://api.example/v1"), ("http://api.example:80", "http://api.example"),
            ("https://api.example/", "https://api.example"),
            ("https://api.example/v1?tenant=a", "https://api.example/v1?tenant=a"),
            ("http://[::1]:8080/v1", "http://[::1]:8080/v1"),
            ("/v1", nil), ("api.example/v1", nil), ("https://api.example/v1#top", nil), ("urn:example:api", nil),
            ("https://user@api.example/v1", nil), ("", nil), ("https://" + String(repeating: "a", count: 2100), nil),
        ] as [(String, String?)])
    func normalizes(text: String, normalized: String?) {
        #expect(ResourceIndicator.normalized(text) == normalized)
    }

    @Test(
        "A request names no resource, this API, another one, or a malformed one",
        arguments: [
            (String?.none, RequestedResource?.some(.unspecified)),
            ("http://127.0.0.1:8080/v1/", .audience(nil)),
            ("https://other.example/api", .audience("https://other.example/api")), ("not a uri", nil),
        ])
    func reads(text: String?, requested: RequestedResource?) {
        #expect(RequestedResource(text, thisAPI: "http://127.0.0.1:8080/v1") == requested)
    }
}
