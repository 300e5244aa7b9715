import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StoriesServerKit

/// The authorization code grant with PKCE for native apps (RFC 6749 §4.1, RFC 7636, RFC 8252) through HTTP: the
/// browser's visits to the authorization endpoint and the app's token request.
@Suite("Authorization code grant with PKCE")
struct AuthorizationCodeFlowTests {
    let clock = TestEnvironment()

    @Test("The consent page's approval redirects to the loopback URI with a code, the same state, and the issuer")
    func approvalRedirects() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let page = try await client.execute(uri: Self.authorizeURI(Self.authorizationParameters), method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains("127.0.0.1:49152"))

            let redirect = try await client.authorize()
            #expect(redirect.status == .found)
            let location = try #require(redirect.headers[.location])
            #expect(location.hasPrefix(AuthorizationServerApp.redirectURI + "?code="))
            #expect(redirect.redirectParameters["state"] == "xyz-state")
            #expect(redirect.redirectParameters["iss"] == "http://127.0.0.1:8080")
            #expect(redirect.redirectParameters["code"]?.isEmpty == false)
        }
    }

    @Test("The code and the matching verifier buy a Bearer pair for the signed-in account, never cached")
    func exchanges() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.exchange(code: try await client.authorizationCode())
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            let body = try response.json()
            #expect(body["token_type"] as? String == "Bearer")
            #expect(body["refresh_token"] is String)
            let accessToken = try #require(body["access_token"] as? String)
            let me = try await client.execute(
                uri: "/v1/me", method: .get, headers: [.authorization: "Bearer \(accessToken)"])
            #expect(try me.json()["username"] as? String == "demo")
        }
    }

    @Test("Denying redirects with error=access_denied and the same state, and no code")
    func denies() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let redirect = try await client.authorize(decision: "deny", password: "")
            #expect(redirect.status == .found)
            #expect(redirect.redirectParameters["error"] == "access_denied")
            #expect(redirect.redirectParameters["state"] == "xyz-state")
            #expect(redirect.redirectParameters["code"] == nil)
        }
    }

    @Test("A wrong password shows the consent page again, with a new form token, and redirects nowhere")
    func wrongPassword() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let page = try await client.authorize(password: "not-the-password")
            #expect(page.status == .badRequest)
            #expect(page.headers[.location] == nil)
            #expect(page.text.contains("Wrong username or password."))
            #expect(try page.csrfToken().isEmpty == false)
        }
    }

    @Test(
        "A redirect URI that is not http to a loopback IP literal gets an error page, never a redirect",
        arguments: [
            "https://evil.example/callback", "http://localhost:49152/callback", "http://192.168.1.2:49152/cb",
            "http://127.0.0.1:49152/cb#fragment", "",
        ])
    func refusesNonLoopbackRedirect(redirectURI: String) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            var parameters = Self.authorizationParameters.filter { $0.0 != "redirect_uri" }
            if !redirectURI.isEmpty { parameters.append(("redirect_uri", redirectURI)) }
            let response = try await client.execute(uri: Self.authorizeURI(parameters), method: .get)
            #expect(response.status == .badRequest)
            #expect(response.headers[.location] == nil)
            #expect(response.text.contains("redirect URI must be"))
            #expect(!response.text.contains("csrf_token"))
        }
    }

    @Test("An unknown client gets an error page, never a redirect")
    func refusesUnknownClient() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let parameters = Self.authorizationParameters.map { $0.0 == "client_id" ? ($0.0, "other-app") : $0 }
            let response = try await client.execute(uri: Self.authorizeURI(parameters), method: .get)
            #expect(response.status == .badRequest)
            #expect(response.headers[.location] == nil)
        }
    }

    @Test(
        "A request without PKCE S256 or response_type=code is refused by redirect, with the state",
        arguments: [
            ("code_challenge_method", "plain", "invalid_request"), ("code_challenge_method", nil, "invalid_request"),
            ("code_challenge", "too-short", "invalid_request"), ("code_challenge", nil, "invalid_request"),
            ("response_type", "token", "unsupported_response_type"), ("response_type", nil, "invalid_request"),
        ] as [(String, String?, String)])
    func refusesByRedirect(name: String, value: String?, error: String) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            var parameters = Self.authorizationParameters.filter { $0.0 != name }
            if let value { parameters.append((name, value)) }
            let response = try await client.execute(uri: Self.authorizeURI(parameters), method: .get)
            #expect(response.status == .found)
            #expect(response.headers[.location]?.hasPrefix(AuthorizationServerApp.redirectURI + "?") == true)
            #expect(response.redirectParameters["error"] == error)
            #expect(response.redirectParameters["state"] == "xyz-state")
        }
    }

    @Test("A repeated parameter gets an error page (RFC 6749 §3.1)")
    func refusesRepeatedParameter() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let parameters = Self.authorizationParameters + [("state", "second")]
            let response = try await client.execute(uri: Self.authorizeURI(parameters), method: .get)
            #expect(response.status == .badRequest)
            #expect(response.headers[.location] == nil)
        }
    }

    enum Exchange: String, CaseIterable {
        case wrongVerifier, malformedVerifier, otherRedirectURI, otherPort, otherClient, unknownCode
    }

    @Test(
        "A token request whose verifier, redirect URI, client or code does not match is invalid_grant",
        arguments: Exchange.allCases)
    func refusesMismatchedExchange(exchange: Exchange) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let code = try await client.authorizationCode()
            let otherVerifier = String(repeating: "v", count: 43)
            let fields: [(String, String)] =
                switch exchange {
                case .wrongVerifier: [("code", code), ("code_verifier", otherVerifier)]
                case .malformedVerifier: [("code", code), ("code_verifier", "short")]
                case .otherRedirectURI: [("code", code), ("redirect_uri", "http://127.0.0.1:49152/other")]
                case .otherPort: [("code", code), ("redirect_uri", "http://127.0.0.1:49153/callback")]
                case .otherClient: [("code", code), ("client_id", "other-app")]
                case .unknownCode: [("code", "never-issued")]
                }
            var form: [String: String] = [
                "grant_type": "authorization_code", "redirect_uri": AuthorizationServerApp.redirectURI,
                "code_verifier": AuthorizationServerApp.verifier, "client_id": "stories-cli",
            ]
            for (name, value) in fields { form[name] = value }
            let response = try await client.postForm("/v1/oauth/token", form.sorted { $0.key < $1.key })
            #expect([.badRequest, .unauthorized].contains(response.status))
            #expect(response.oauthError == (exchange == .otherClient ? "invalid_client" : "invalid_grant"))
            // A presented code is spent whatever the mistake, so the right request cannot follow it; a code that was
            // not presented (another one was, or the client was refused first) still works.
            let presented = ![.otherClient, .unknownCode].contains(exchange)
            let retry = try await client.exchange(code: code)
            #expect(retry.status == (presented ? .badRequest : .ok))
        }
    }

    @Test("A code used twice is invalid_grant the second time, and the tokens it bought are revoked")
    func reuseRevokes() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let code = try await client.authorizationCode()
            let first = try await client.exchange(code: code).json()
            let accessToken = try #require(first["access_token"] as? String)
            let refreshToken = try #require(first["refresh_token"] as? String)

            let second = try await client.exchange(code: code)
            #expect(second.status == .badRequest)
            #expect(second.oauthError == "invalid_grant")

            let me = try await client.execute(
                uri: "/v1/me", method: .get, headers: [.authorization: "Bearer \(accessToken)"])
            #expect(me.status == .unauthorized)
            let refresh = try await client.postForm(
                "/v1/oauth/token", [("grant_type", "refresh_token"), ("refresh_token", refreshToken)])
            #expect(refresh.oauthError == "invalid_grant")
        }
    }

    @Test("A code lives 60 seconds", arguments: [(59.0, true), (60.0, false)])
    func codeExpires(after seconds: Double, accepted: Bool) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let code = try await client.authorizationCode()
            clock.advance(by: seconds)
            let response = try await client.exchange(code: code)
            #expect((response.status == .ok) == accepted)
            if !accepted { #expect(response.oauthError == "invalid_grant") }
        }
    }

    @Test(
        "A token request without code, redirect_uri, code_verifier or client_id is invalid_request",
        arguments: ["code", "redirect_uri", "code_verifier", "client_id"])
    func requiresEveryPart(missing: String) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let code = try await client.authorizationCode()
            let fields = [
                ("grant_type", "authorization_code"), ("code", code),
                ("redirect_uri", AuthorizationServerApp.redirectURI),
                ("code_verifier", AuthorizationServerApp.verifier), ("client_id", "stories-cli"),
            ].filter { $0.0 != missing }
            let response = try await client.postForm("/v1/oauth/token", fields)
            #expect(response.status == .badRequest)
            #expect(response.oauthError == "invalid_request")
        }
    }

    static var authorizationParameters: [(String, String)] { AuthorizationServerApp.authorizationParameters }
    static func authorizeURI(_ parameters: [(String, String)]) -> String {
        AuthorizationServerApp.authorizeURI(parameters)
    }
}
