import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import StoriesServerKit

/// The introspection endpoint (RFC 7662) of the server as its own authorization server.
@Suite("Token introspection")
struct IntrospectionEndpointTests {
    let clock = TestEnvironment()
    static let resourceServer = ClientCredentials(id: "resource-server", secret: "s3cret: with+symbols%")!

    func app(
        client: ClientCredentials? = resourceServer,
        logger: Logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    ) async throws -> some ApplicationProtocol {
        try await AuthorizationServerApp.make(clock: clock, introspectionClient: client, logger: logger)
    }

    @Test(
        "An active access token is described: scope, client, username, subject, expiry, issue time, type, audience and issuer"
    )
    func active() async throws {
        try await app().test(.router) { client in
            let token = try await client.demoAccessToken(extra: [("scope", "stories:read")])
            let issuedAt = Int(clock.environment.now().timeIntervalSince1970)
            clock.advance(by: 5)
            let response = try await client.introspect(token)
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            let body = try response.json()
            #expect(body["active"] as? Bool == true)
            #expect(body["scope"] as? String == "stories:read")
            #expect(body["client_id"] as? String == "stories-cli")
            #expect(body["username"] as? String == "demo")
            #expect(body["sub"] as? String == "u-1")
            #expect(body["iat"] as? Int == issuedAt)
            #expect(body["exp"] as? Int == issuedAt + 900)
            #expect(body["token_type"] as? String == "Bearer")
            #expect(body["aud"] as? String == "http://127.0.0.1:8080/v1")
            #expect(body["iss"] as? String == "http://127.0.0.1:8080")
        }
    }

    @Test(
        "A scope is kept as asked, up to 1024 bytes; a longer one is invalid_scope rather than stored with the tokens")
    func scopeLength() async throws {
        try await app().test(.router) { client in
            let longest = String(repeating: "s", count: 1024)
            let token = try await client.demoAccessToken(extra: [("scope", longest)])
            #expect(try await client.introspect(token).json()["scope"] as? String == longest)
            let refused = try await client.postForm(
                "/v1/oauth/token",
                [
                    ("grant_type", "password"), ("username", "demo"), ("password", "demo-password"),
                    ("scope", longest + "s"),
                ])
            #expect(refused.status == .badRequest)
            #expect(refused.oauthError == "invalid_scope")
        }
    }

    @Test("A token issued for another resource names that resource as its audience")
    func audience() async throws {
        try await app().test(.router) { client in
            let token = try await client.demoAccessToken(extra: [("resource", "https://other.example/api")])
            #expect(try await client.introspect(token).json()["aud"] as? String == "https://other.example/api")
        }
    }

    enum Inactive: String, CaseIterable {
        case unknown, expired, revoked, refreshToken
    }

    @Test(
        "A token that is unknown, expired, revoked, or a refresh token, is only {\"active\": false}",
        arguments: Inactive.allCases)
    func inactive(kind: Inactive) async throws {
        try await app().test(.router) { client in
            let issued = try await client.postForm(
                "/v1/oauth/token",
                [("grant_type", "password"), ("username", "demo"), ("password", "demo-password")]
            ).json()
            let accessToken = try #require(issued["access_token"] as? String)
            let refreshToken = try #require(issued["refresh_token"] as? String)
            let token: String
            switch kind {
            case .unknown:
                token = "never-issued"
            case .expired:
                clock.advance(by: 900)
                token = accessToken
            case .revoked:
                _ = try await client.postForm("/v1/oauth/revoke", [("token", refreshToken)])
                token = accessToken
            case .refreshToken:
                token = refreshToken
            }
            let response = try await client.introspect(token)
            #expect(response.status == .ok)
            let body = try response.json()
            #expect(body.keys.sorted() == ["active"])
            #expect(body["active"] as? Bool == false)
        }
    }

    @Test(
        "Without the introspection client's credentials, presented with HTTP Basic, it is 401 invalid_client with a Basic challenge",
        arguments: [
            nil, "Bearer some-token", "Basic " + Data("resource-server:wrong".utf8).base64EncodedString(),
            "Basic " + Data("someone-else:s3cret%3A+with%2Bsymbols%25".utf8).base64EncodedString(),
            "Basic " + Data("resource-server:s3cret: with+symbols".utf8).base64EncodedString(),
            "Basic " + Data("resource-server".utf8).base64EncodedString(), "Basic not-base64!",
        ] as [String?])
    func refusesOtherCallers(authorization: String?) async throws {
        try await app().test(.router) { client in
            let token = try await client.demoAccessToken()
            var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            headers[.authorization] = authorization
            let response = try await client.execute(
                uri: "/v1/oauth/introspect", method: .post, headers: headers,
                body: ByteBuffer(string: FormURLEncoding.query([("token", token)])))
            #expect(response.status == .unauthorized)
            #expect(response.oauthError == "invalid_client")
            #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Basic ") == true)
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(!response.text.contains("active"))
        }
    }

    @Test("A server with no introspection client configured refuses every caller")
    func noClientConfigured() async throws {
        try await app(client: nil).test(.router) { client in
            let token = try await client.demoAccessToken()
            let response = try await client.introspect(token)
            #expect(response.status == .unauthorized)
            #expect(response.oauthError == "invalid_client")
        }
    }

    @Test("The client's credentials are read form-encoded, as RFC 6749 §2.3.1 sends them")
    func formEncodedCredentials() async throws {
        let credentials = try #require(ClientCredentials(id: "rs one", secret: "a:b c+d%e"))
        #expect(
            credentials.basicAuthorization == "Basic " + Data("rs+one:a%3Ab+c%2Bd%25e".utf8).base64EncodedString()
                || credentials.basicAuthorization == "Basic "
                    + Data("rs%20one:a%3Ab%20c%2Bd%25e".utf8).base64EncodedString()
        )
        try await app(client: credentials).test(.router) { client in
            let token = try await client.demoAccessToken()
            for encoded in ["rs+one:a%3Ab+c%2Bd%25e", "rs%20one:a%3Ab%20c%2Bd%25e"] {
                let response = try await client.introspect(
                    token, authorization: "Basic " + Data(encoded.utf8).base64EncodedString())
                #expect(try response.json()["active"] as? Bool == true)
            }
        }
    }

    @Test("A request without a token is 400 invalid_request")
    func missingToken() async throws {
        try await app().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/oauth/introspect", method: .post,
                headers: [
                    .contentType: "application/x-www-form-urlencoded",
                    .authorization: Self.resourceServer.basicAuthorization,
                ],
                body: ByteBuffer(string: "token_type_hint=access_token"))
            #expect(response.status == .badRequest)
            #expect(response.oauthError == "invalid_request")
        }
    }

    @Test(
        "The metadata names the introspection endpoint only when an introspection client is configured",
        arguments: [true, false])
    func metadata(configured: Bool) async throws {
        try await app(client: configured ? Self.resourceServer : nil).test(.router) { client in
            let metadata = try await client.execute(uri: "/.well-known/oauth-authorization-server", method: .get).json()
            #expect(
                metadata["introspection_endpoint"] as? String
                    == (configured ? "http://127.0.0.1:8080/v1/oauth/introspect" : nil))
        }
    }

    @Test("Introspection logs its outcome, never the token or the client's secret")
    func logs() async throws {
        let lines = LogLines()
        try await app(logger: Logger(label: "test") { _ in RecordingLogHandler(lines: lines) }).test(.router) {
            client in
            let token = try await client.demoAccessToken()
            _ = try await client.introspect(token)
            _ = try await client.introspect("never-issued")
            _ = try await client.introspect(token, authorization: nil)
            #expect(
                lines.all.filter { $0.hasPrefix("introspect ") } == [
                    "introspect outcome=active", "introspect outcome=inactive", "introspect outcome=invalid_client",
                ])
            #expect(!lines.all.contains { $0.contains(token) || $0.contains("s3cret") })
        }
    }
}

@Suite("Client credentials")
struct ClientCredentialsTests {
    @Test("The secret never shows in a description, a debug description or a dump")
    func redacted() throws {
        let credentials = try #require(ClientCredentials(id: "resource-server", secret: "do-not-print-me"))
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in [String(describing: credentials), String(reflecting: credentials), dumped, "\(credentials)"] {
            #expect(!text.contains("do-not-print-me"))
            #expect(text.contains("resource-server"))
        }
    }

    @Test(
        "An id and a secret are 1 to 1024 visible ASCII characters or spaces",
        arguments: [
            ("rs", "secret", true), ("", "secret", false), ("rs", "", false), ("rs\n", "secret", false),
            ("rs", "sécret", false), ("rs", String(repeating: "s", count: 1025), false),
        ])
    func validates(id: String, secret: String, valid: Bool) {
        #expect((ClientCredentials(id: id, secret: secret) != nil) == valid)
    }
}

extension TestClientProtocol {
    /// Introspects `token`, as the test's resource server unless told otherwise.
    func introspect(
        _ token: String,
        authorization: String? = IntrospectionEndpointTests.resourceServer.basicAuthorization
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        headers[.authorization] = authorization
        return try await execute(
            uri: "/v1/oauth/introspect", method: .post, headers: headers,
            body: ByteBuffer(string: FormURLEncoding.query([("token", token), ("token_type_hint", "access_token")])))
    }
}
