import Foundation
import Testing

@testable import Authorization

@Suite("The authorization request URL and the redirect that answers it (RFC 6749 §4.1, RFC 7636, RFC 9207)")
struct AuthorizationRedirectTests {
    static let state = AuthorizationState("state-1234")
    static let pkce = PKCE.generate()

    static func request(endpoint: String = "https://as.test/oauth/authorize") -> AuthorizationCodeRequest {
        AuthorizationCodeRequest(
            endpoint: URL(string: endpoint)!, clientID: "stories-cli",
            redirectURI: "http://127.0.0.1:5123/callback", pkce: pkce, state: state, scope: nil)
    }

    static func items(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test("The authorization URL carries the code challenge, S256, the state and the redirect URI, never the verifier")
    func authorizationURL() {
        let url = Self.request().url
        #expect(url.absoluteString.hasPrefix("https://as.test/oauth/authorize?"))
        #expect(
            Self.items(url) == [
                "response_type": "code", "client_id": "stories-cli",
                "redirect_uri": "http://127.0.0.1:5123/callback", "code_challenge": Self.pkce.challenge,
                "code_challenge_method": "S256", "state": "state-1234",
            ])
        #expect(!url.absoluteString.contains(Self.pkce.verifier.unredacted))
        // The redirect URI's reserved characters are percent-encoded, so the server reads it back as it was sent.
        #expect(url.absoluteString.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A5123%2Fcallback"))
    }

    @Test("An endpoint's own query parameters are kept")
    func keepsEndpointQuery() {
        let url = Self.request(endpoint: "https://as.test/authorize?tenant=a").url
        #expect(Self.items(url)["tenant"] == "a")
        #expect(Self.items(url)["state"] == "state-1234")
    }

    @Test("A redirect with the request's state and a code yields the code")
    func yieldsCode() throws {
        let code = try AuthorizationResponse.code(
            from: "code=abc-123&state=state-1234&iss=https%3A%2F%2Fas.test", state: Self.state,
            issuer: ExpectedIssuer("https://as.test", isRequired: true))
        #expect(code == Secret("abc-123"))
    }

    @Test(
        "Redirects that do not carry a usable answer are typed errors",
        arguments: [
            ("code=abc", AuthorizationRedirectError.missingState),
            ("code=abc&state=state-9999", .stateMismatch),
            ("code=abc&state=state-123", .stateMismatch),
            ("code=abc&state=", .stateMismatch),
            ("error=access_denied&state=state-9999", .stateMismatch),
            ("state=state-1234", .missingCode),
            ("code=&state=state-1234", .missingCode),
            ("code=a&code=b&state=state-1234", .repeatedParameter("code")),
            ("code=a&state=state-1234&state=state-1234", .repeatedParameter("state")),
            (
                "error=access_denied&error_description=The+user+denied+the+request.&state=state-1234",
                .denied(description: "The user denied the request.")
            ),
            ("error=access_denied&state=state-1234", .denied(description: nil)),
            (
                "error=invalid_request&error_description=bad&state=state-1234",
                .refused(code: "invalid_request", description: "bad")
            ),
            (
                "code=abc&state=state-1234&iss=https%3A%2F%2Fevil.test",
                .issuerMismatch(expected: "https://as.test", received: "https://evil.test")
            ),
        ] as [(String, AuthorizationRedirectError)])
    func refusesUnusableRedirect(query: String, expected: AuthorizationRedirectError) {
        #expect(throws: expected) {
            try AuthorizationResponse.code(
                from: query, state: Self.state, issuer: ExpectedIssuer("https://as.test", isRequired: false))
        }
    }

    @Test(
        "A redirect without iss is refused when the server said it sends one (RFC 9207 §2.4), accepted when it did not",
        arguments: [true, false])
    func missingIssuer(isRequired: Bool) throws {
        let check = { () throws(AuthorizationRedirectError) -> Secret in
            try AuthorizationResponse.code(
                from: "code=abc&state=state-1234", state: Self.state,
                issuer: ExpectedIssuer("https://as.test", isRequired: isRequired))
        }
        if isRequired {
            #expect(throws: AuthorizationRedirectError.missingIssuer(expected: "https://as.test")) { try check() }
        } else {
            #expect(try check() == Secret("abc"))
        }
    }

    @Test("Without a known issuer, an iss parameter is not compared")
    func issuerUnknown() throws {
        let code = try AuthorizationResponse.code(
            from: "code=abc&state=state-1234&iss=https%3A%2F%2Fother.test", state: Self.state, issuer: nil)
        #expect(code == Secret("abc"))
    }

    @Test("The code never prints in a description of the error or the value")
    func codeRedacted() throws {
        let code = try AuthorizationResponse.code(from: "code=abcdef&state=state-1234", state: Self.state, issuer: nil)
        #expect(!"\(code)".contains("abcdef"))
    }
}
