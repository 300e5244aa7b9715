import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StoriesServerKit

/// Pushed authorization requests (RFC 9126): the request goes in a body to `/v1/oauth/par`, and the browser opens the
/// sign-in page with only `client_id` and a one-time `request_uri`.
@Suite("Pushed authorization requests")
struct PushedAuthorizationRequestTests {
    let clock = TestEnvironment()

    static var parameters: [(String, String)] { AuthorizationServerApp.authorizationParameters }

    @Test("A pushed request answers 201 with a one-time urn request_uri for 5 minutes, never cached")
    func pushes() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.postForm("/v1/oauth/par", Self.parameters)
            #expect(response.status == .created)
            #expect(response.headers[.cacheControl] == "no-store")
            let body = try response.json()
            let requestURI = try #require(body["request_uri"] as? String)
            #expect(requestURI.hasPrefix("urn:ietf:params:oauth:request_uri:"))
            #expect(requestURI.count > "urn:ietf:params:oauth:request_uri:".count)
            #expect(body["expires_in"] as? Int == 300)
        }
    }

    @Test("The sign-in page opened with the request_uri uses the pushed request: its state comes back with the code")
    func signsInWithPushedRequest() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let requestURI = try await client.push(Self.parameters)
            let redirect = try await client.authorize([("client_id", "stories-cli"), ("request_uri", requestURI)])
            #expect(redirect.status == .found)
            #expect(redirect.headers[.location]?.hasPrefix(AuthorizationServerApp.redirectURI + "?code=") == true)
            #expect(redirect.redirectParameters["state"] == "xyz-state")
            #expect(redirect.redirectParameters["iss"] == "http://127.0.0.1:8080")
            let code = try #require(redirect.redirectParameters["code"])
            let tokens = try await client.exchange(code: code)
            #expect(tokens.status == .ok)
        }
    }

    @Test("Parameters beside the request_uri are ignored: only the pushed ones count (RFC 9126 §4)")
    func ignoresParametersInTheURL() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let requestURI = try await client.push(Self.parameters)
            let redirect = try await client.authorize([
                ("client_id", "stories-cli"), ("request_uri", requestURI), ("state", "attacker-state"),
                ("redirect_uri", "http://127.0.0.1:1/elsewhere"),
            ])
            #expect(redirect.redirectParameters["state"] == "xyz-state")
            #expect(redirect.headers[.location]?.hasPrefix(AuthorizationServerApp.redirectURI + "?") == true)
        }
    }

    enum Misuse: String, CaseIterable {
        case usedTwice, otherClient, noClient, unknown
    }

    @Test(
        "A request_uri used twice, unknown, or beside another client_id gets the error page",
        arguments: Misuse.allCases)
    func refusesMisuse(misuse: Misuse) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            var requestURI = try await client.push(Self.parameters)
            var clientID: [(String, String)] = [("client_id", "stories-cli")]
            switch misuse {
            case .usedTwice:
                let first = try await client.get(
                    AuthorizationServerApp.authorizeURI(clientID + [("request_uri", requestURI)]))
                #expect(first.status == .ok)
            case .otherClient: clientID = [("client_id", "other-app")]
            case .noClient: clientID = []
            case .unknown: requestURI = "urn:ietf:params:oauth:request_uri:never-issued"
            }
            let page = try await client.get(
                AuthorizationServerApp.authorizeURI(clientID + [("request_uri", requestURI)]))
            #expect(page.status == .badRequest)
            #expect(page.headers[.location] == nil)
            #expect(!page.text.contains("csrf_token"))
        }
    }

    @Test(
        "The PAR endpoint checks a request as the sign-in page does, and answers errors in JSON",
        arguments: [
            ("redirect_uri", "https://evil.example/callback", "invalid_request"),
            ("code_challenge_method", "plain", "invalid_request"),
            ("code_challenge", "too-short", "invalid_request"),
            ("response_type", "token", "unsupported_response_type"),
            ("scope", String(repeating: "s", count: 1025), "invalid_scope"),
            ("resource", "not a uri", "invalid_target"),
            ("request_uri", "urn:ietf:params:oauth:request_uri:x", "invalid_request"),
        ])
    func refusesInvalidRequests(name: String, value: String, error: String) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let parameters = Self.parameters.filter { $0.0 != name } + [(name, value)]
            let response = try await client.postForm("/v1/oauth/par", parameters)
            #expect(response.status == .badRequest)
            #expect(try response.json()["error"] as? String == error)
        }
    }

    @Test("An unknown client is refused 401 invalid_client")
    func refusesUnknownClient() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let parameters = Self.parameters.map { $0.0 == "client_id" ? ($0.0, "other-app") : $0 }
            let response = try await client.postForm("/v1/oauth/par", parameters)
            #expect(response.status == .unauthorized)
            #expect(try response.json()["error"] as? String == "invalid_client")
        }
    }

    @Test("One client pushing in a loop replaces only its own requests; another client's still works")
    func floodReplacesOnlyItsOwn() async throws {
        var limits = AuthorizationServerLimits.standard
        limits.pushedRequestsPerAddress = 3
        limits.pushedRequests = 5
        let app = try await AuthorizationServerApp.make(clock: clock, limits: limits)
        try await app.test(.router) { client in
            let victims = try await client.push(Self.parameters, as: "victim")
            for _ in 0..<20 { _ = try await client.push(Self.parameters, as: "flooder") }
            let page = try await client.get(
                AuthorizationServerApp.authorizeURI([("client_id", "stories-cli"), ("request_uri", victims)]),
                as: "victim")
            #expect(page.status == .ok)
        }
    }

    /// How a pushed request came to be forgotten before its page was opened.
    enum Forgetting: String, CaseIterable {
        /// The same address pushed more requests than it may keep.
        case pushedOut
        /// Its lifetime ran out, and the page came after.
        case expired
        /// Its lifetime ran out, and a later push dropped it before the page came.
        case expiredThenDropped
    }

    static func forgettingLimits() -> AuthorizationServerLimits {
        var limits = AuthorizationServerLimits.standard
        limits.pushedRequestsPerAddress = 3
        limits.forgottenPushedRequestsPerAddress = 5
        limits.forgottenPushedRequests = 8
        return limits
    }

    @Test(
        "A request_uri the server forgot sends the browser back to the app with invalid_request_uri, the state and iss, once",
        arguments: Forgetting.allCases)
    func forgottenRequestIsRedirected(forgetting: Forgetting) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock, limits: Self.forgettingLimits())
        try await app.test(.router) { client in
            let requestURI = try await client.push(Self.parameters, as: "neighbours")
            switch forgetting {
            case .pushedOut:
                for _ in 0..<3 { _ = try await client.push(Self.parameters, as: "neighbours") }
            case .expired:
                clock.advance(by: 301)
            case .expiredThenDropped:
                clock.advance(by: 301)
                _ = try await client.push(Self.parameters, as: "neighbours")
            }
            let uri = AuthorizationServerApp.authorizeURI([("client_id", "stories-cli"), ("request_uri", requestURI)])
            let redirect = try await client.get(uri, as: "neighbours")
            #expect(redirect.status == .found)
            #expect(redirect.headers[.location]?.hasPrefix(AuthorizationServerApp.redirectURI + "?error=") == true)
            #expect(redirect.redirectParameters["error"] == "invalid_request_uri")
            #expect(redirect.redirectParameters["state"] == "xyz-state")
            #expect(redirect.redirectParameters["iss"] == "http://127.0.0.1:8080")
            #expect(redirect.redirectParameters["code"] == nil)
            let again = try await client.get(uri, as: "neighbours")
            #expect(again.status == .badRequest)
            #expect(again.headers[.location] == nil)
        }
    }

    @Test("A forgotten request_uri beside another client_id, or remembered longer than 10 minutes, gets the error page")
    func forgottenRequestNeedsItsClientAndIsRememberedBriefly() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock, limits: Self.forgettingLimits())
        try await app.test(.router) { client in
            let first = try await client.push(Self.parameters)
            let second = try await client.push(Self.parameters)
            let third = try await client.push(Self.parameters)
            for _ in 0..<3 { _ = try await client.push(Self.parameters) }
            let otherClient = try await client.get(
                AuthorizationServerApp.authorizeURI([("client_id", "other-app"), ("request_uri", first)]))
            #expect(otherClient.status == .badRequest)
            #expect(otherClient.headers[.location] == nil)
            let inTime = try await client.get(
                AuthorizationServerApp.authorizeURI([("client_id", "stories-cli"), ("request_uri", third)]))
            #expect(inTime.redirectParameters["error"] == "invalid_request_uri")
            clock.advance(by: 601)
            let late = try await client.get(
                AuthorizationServerApp.authorizeURI([("client_id", "stories-cli"), ("request_uri", second)]))
            #expect(late.status == .badRequest)
            #expect(late.headers[.location] == nil)
        }
    }

    @Test("The forgotten requests remembered per address are bounded: past that the oldest gets the error page")
    func forgottenRequestsAreBounded() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock, limits: Self.forgettingLimits())
        try await app.test(.router) { client in
            let oldest = try await client.push(Self.parameters, as: "flooder")
            let second = try await client.push(Self.parameters, as: "flooder")
            // 3 kept, the other 6 forgotten: one more than the address may have remembered.
            for _ in 0..<7 { _ = try await client.push(Self.parameters, as: "flooder") }
            let page = try await client.get(
                AuthorizationServerApp.authorizeURI([("client_id", "stories-cli"), ("request_uri", oldest)]),
                as: "flooder")
            #expect(page.status == .badRequest)
            #expect(page.headers[.location] == nil)
            let remembered = try await client.get(
                AuthorizationServerApp.authorizeURI([("client_id", "stories-cli"), ("request_uri", second)]),
                as: "flooder")
            #expect(remembered.redirectParameters["error"] == "invalid_request_uri")
        }
    }

    @Test("Where pushed requests are required, a plain request gets the error page and the metadata says so")
    func required() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock, pushedRequests: .required)
        try await app.test(.router) { client in
            let plain = try await client.get(AuthorizationServerApp.authorizeURI(Self.parameters))
            #expect(plain.status == .badRequest)
            #expect(plain.headers[.location] == nil)
            #expect(!plain.text.contains("csrf_token"))
            let requestURI = try await client.push(Self.parameters)
            let redirect = try await client.authorize([("client_id", "stories-cli"), ("request_uri", requestURI)])
            #expect(redirect.redirectParameters["code"] != nil)
            let metadata = try await client.get("/.well-known/oauth-authorization-server").json()
            #expect(metadata["require_pushed_authorization_requests"] as? Bool == true)
        }
    }

    @Test("Unpublished, the metadata names no PAR endpoint and plain requests work")
    func unpublished() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock, pushedRequests: .unpublished)
        try await app.test(.router) { client in
            let metadata = try await client.get("/.well-known/oauth-authorization-server").json()
            #expect(metadata["pushed_authorization_request_endpoint"] == nil)
            #expect(metadata["require_pushed_authorization_requests"] == nil)
            #expect(try await client.authorize().redirectParameters["code"] != nil)
        }
    }

    @Test("The metadata names the PAR endpoint (RFC 9126 §5)")
    func metadataNamesEndpoint() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let metadata = try await client.get("/.well-known/oauth-authorization-server").json()
            #expect(
                metadata["pushed_authorization_request_endpoint"] as? String == "http://127.0.0.1:8080/v1/oauth/par")
        }
    }
}

extension TestClientProtocol {
    /// Pushes `parameters` and returns the `request_uri`.
    func push(_ parameters: [(String, String)], as client: String? = nil) async throws -> String {
        let response = try await postForm("/v1/oauth/par", parameters, as: client)
        guard let requestURI = try response.json()["request_uri"] as? String else {
            throw MissingPart(part: "request_uri")
        }
        return requestURI
    }
}
