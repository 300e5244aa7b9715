import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import TestSupport
import Testing

@testable import StoriesServerKit

/// The server as a resource server of an external authorization server (`--authorization-server`): discovery at
/// start-up, introspection per token, and nothing of its own authorization server.
@Suite("An external authorization server", .timeLimit(.minutes(1)))
struct ExternalAuthorizationServerTests {
    let clock = TestEnvironment()
    static let client = ClientCredentials(id: "stories-api", secret: "stub-secret")!

    func resourceServer(
        issuer: String, client: ClientCredentials = client, timeout: Duration = .seconds(5),
        logger: Logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    ) async throws -> some ApplicationProtocol {
        try await buildApplication(
            configuration: ServerConfiguration(
                port: 0, storyCount: 5, passwordHashCost: 4,
                authorizationServer: ExternalAuthorizationServer(issuer: issuer, client: client, timeout: timeout)),
            environment: clock.environment, logger: logger)
    }

    /// A stub issuer at `{origin}/tenant`, its RFC 8414 metadata at the inserted location, introspecting `good` as
    /// alice, `elsewhere` as a token for another resource, anything else as inactive.
    func tenantStub() throws -> StubAuthorizationServer {
        let exp = Int(clock.environment.now().timeIntervalSince1970) + 3600
        return try StubAuthorizationServer { origin, request in
            switch (request.method, request.path) {
            case ("GET", "/.well-known/oauth-authorization-server/tenant"):
                return StubAuthorizationServer.metadata(
                    issuer: origin + "/tenant", introspectionEndpoint: origin + "/tenant/introspect")
            case ("POST", "/tenant/introspect") where request.form["token"] == "good":
                return .json(#"{"active":true,"username":"alice","sub":"a-1","exp":\#(exp),"token_type":"Bearer"}"#)
            case ("POST", "/tenant/introspect") where request.form["token"] == "elsewhere":
                return .json(#"{"active":true,"username":"alice","aud":["https://other.example/api"]}"#)
            case ("POST", "/tenant/introspect"):
                return .json(#"{"active":false}"#)
            default:
                return .respond(status: 404)
            }
        }
    }

    @Test(
        "An issuer under a path: its metadata comes from the inserted location, and its tokens are introspected there")
    func issuerWithPath() async throws {
        let stub = try tenantStub()
        defer { stub.stop() }
        try await resourceServer(issuer: stub.origin + "/tenant").test(.live) { client in
            let me = try await client.execute(uri: "/v1/me", method: .get, headers: [.authorization: "Bearer good"])
            #expect(me.status == .ok)
            let user = try me.json()
            #expect(user["username"] as? String == "alice")
            #expect(user["displayName"] as? String == "alice")
            let stories = try await client.execute(
                uri: "/v1/stories?limit=2", method: .get, headers: [.authorization: "Bearer good"])
            #expect(stories.status == .ok)
            #expect((try stories.json()["items"] as? [Any])?.count == 2)

            let requests = stub.requests
            #expect(requests.first?.path == "/.well-known/oauth-authorization-server/tenant")
            let introspections = requests.filter { $0.path == "/tenant/introspect" }
            // The answer is remembered: two requests, one introspection.
            #expect(introspections.count == 1)
            #expect(introspections.first?.method == "POST")
            #expect(introspections.first?.hasAuthorization == true)
            #expect(introspections.first?.form["token"] == "good")
            #expect(introspections.first?.form["token_type_hint"] == "access_token")
        }
    }

    @Test(
        "An inactive token, or one for another resource, is 401 invalid_token naming this server's metadata",
        arguments: ["unknown", "elsewhere"])
    func refused(token: String) async throws {
        let stub = try tenantStub()
        defer { stub.stop() }
        try await resourceServer(issuer: stub.origin + "/tenant").test(.live) { client in
            let port = try #require(client.port)
            let response = try await client.execute(
                uri: "/v1/stories", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(response.status == .unauthorized)
            #expect(
                response.headers[values: .wwwAuthenticate].first
                    == #"Bearer error="invalid_token", resource_metadata="http://127.0.0.1:\#(port)/.well-known/oauth-protected-resource/v1""#
            )
        }
    }

    @Test(
        "When the RFC 8414 location has nothing, or a document for another issuer, OpenID Connect discovery is used",
        arguments: [404, 200])
    func openIDConnectFallback(rfc8414Status: Int) async throws {
        let stub = try StubAuthorizationServer { origin, request in
            switch request.path {
            case "/.well-known/oauth-authorization-server/tenant":
                rfc8414Status == 404
                    ? .respond(status: 404)
                    : StubAuthorizationServer.metadata(issuer: origin + "/other", introspectionEndpoint: origin + "/x")
            case "/tenant/.well-known/openid-configuration":
                StubAuthorizationServer.metadata(
                    issuer: origin + "/tenant", introspectionEndpoint: origin + "/tenant/oidc/introspect")
            case "/tenant/oidc/introspect":
                .json(#"{"active":true,"sub":"subject-9"}"#)
            default:
                .respond(status: 404)
            }
        }
        defer { stub.stop() }
        try await resourceServer(issuer: stub.origin + "/tenant").test(.live) { client in
            let me = try await client.execute(uri: "/v1/me", method: .get, headers: [.authorization: "Bearer t"])
            #expect(try me.json()["username"] as? String == "subject-9")
            #expect(
                stub.requests.map(\.path) == [
                    "/.well-known/oauth-authorization-server/tenant", "/tenant/.well-known/openid-configuration",
                    "/tenant/oidc/introspect",
                ])
        }
    }

    enum Metadata: String, CaseIterable {
        case missing, noIntrospectionEndpoint, cleartextEndpoint, otherIssuer, notJSON
    }

    @Test("Metadata it cannot use stops the start-up, naming what each location answered", arguments: Metadata.allCases)
    func unusableMetadata(metadata: Metadata) async throws {
        let stub = try StubAuthorizationServer { origin, _ in
            switch metadata {
            case .missing: .respond(status: 404)
            case .noIntrospectionEndpoint: StubAuthorizationServer.metadata(issuer: origin, introspectionEndpoint: nil)
            case .cleartextEndpoint:
                StubAuthorizationServer.metadata(issuer: origin, introspectionEndpoint: "http://as.example/introspect")
            case .otherIssuer: StubAuthorizationServer.metadata(issuer: origin + "/", introspectionEndpoint: origin)
            case .notJSON: .respond(status: 200, body: Array("<html>".utf8))
            }
        }
        defer { stub.stop() }
        let outcome: DiscoveryAttempt.Outcome =
            switch metadata {
            case .missing: .status(404)
            case .noIntrospectionEndpoint: .noIntrospectionEndpoint
            case .cleartextEndpoint: .insecureIntrospectionEndpoint
            case .otherIssuer: .issuerMismatch(stub.origin + "/")
            case .notJSON: .unreadable
            }
        do {
            _ = try await resourceServer(issuer: stub.origin)
            Issue.record("the server started")
        } catch StartupFailure.authorizationServerUnusable(let issuer, let attempts) {
            #expect(issuer == stub.origin)
            #expect(
                attempts == [
                    DiscoveryAttempt(url: stub.origin + "/.well-known/oauth-authorization-server", outcome: outcome),
                    DiscoveryAttempt(url: stub.origin + "/.well-known/openid-configuration", outcome: outcome),
                ])
        }
    }

    @Test("An authorization server that does not answer stops the start-up as unreachable")
    func unreachable() async throws {
        let stub = try StubAuthorizationServer { _, _ in .hang }
        defer { stub.stop() }
        do {
            _ = try await resourceServer(issuer: stub.origin, timeout: .milliseconds(300))
            Issue.record("the server started")
        } catch StartupFailure.authorizationServerUnreachable(_, let attempts) {
            #expect(attempts.map(\.outcome) == [.unreachable, .unreachable])
        }
    }

    enum Failure: String, CaseIterable {
        case serverError, hang, tooLarge, wrongClient, notIntrospection
    }

    @Test(
        "While the authorization server fails, protected requests are 503, not 401, logged without the token; then they work again",
        arguments: Failure.allCases)
    func failingAuthorizationServer(failure: Failure) async throws {
        let stub = try tenantStub()
        defer { stub.stop() }
        let lines = LogLines()
        let app = try await resourceServer(
            issuer: stub.origin + "/tenant", timeout: .milliseconds(500),
            logger: Logger(label: "test") { _ in RecordingLogHandler(lines: lines) })
        stub.answer { _, _ in
            switch failure {
            case .serverError: .respond(status: 500)
            case .hang: .hang
            case .tooLarge: .hugeContentLength(bytes: 1 << 20)
            case .wrongClient: .json(#"{"error":"invalid_client"}"#, status: 401)
            case .notIntrospection: .json(#"{"active":"yes"}"#)
            }
        }
        try await app.test(.live) { client in
            let response = try await client.execute(
                uri: "/v1/me", method: .get, headers: [.authorization: "Bearer good"])
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.wwwAuthenticate] == nil)
            #expect(lines.all.contains { $0.hasPrefix("introspection outcome=unavailable reason=") })
            #expect(!lines.all.contains { $0.contains("good") || $0.contains("stub-secret") })

            stub.answer { _, request in
                request.path == "/tenant/introspect"
                    ? .json(#"{"active":true,"username":"alice"}"#) : .respond(status: 404)
            }
            let again = try await client.execute(uri: "/v1/me", method: .get, headers: [.authorization: "Bearer good"])
            #expect(again.status == .ok)
        }
    }

    @Test(
        "Its metadata names the external issuer; its own authorization server, registration and sign-in pages are not routed",
        arguments: [
            (HTTPRequest.Method.get, "/.well-known/oauth-authorization-server"),
            (.get, "/v1/.well-known/oauth-authorization-server"), (.post, "/v1/oauth/token"),
            (.get, "/v1/oauth/token"), (.post, "/v1/oauth/device_authorization"), (.post, "/v1/oauth/revoke"),
            (.post, "/v1/oauth/introspect"), (.post, "/v1/users"), (.get, "/oauth/authorize"), (.get, "/device"),
        ])
    func notItsOwnAuthorizationServer(method: HTTPRequest.Method, uri: String) async throws {
        let stub = try tenantStub()
        defer { stub.stop() }
        try await resourceServer(issuer: stub.origin + "/tenant").test(.live) { client in
            let metadata = try await client.execute(uri: "/.well-known/oauth-protected-resource/v1", method: .get)
                .json()
            #expect(metadata["authorization_servers"] as? [String] == [stub.origin + "/tenant"])
            #expect(metadata["resource"] as? String == "http://127.0.0.1:\(try #require(client.port))/v1")
            let response = try await client.execute(
                uri: uri, method: method, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "grant_type=password&username=demo&password=demo-password"))
            #expect(response.status == .notFound)
        }
    }

    @Test(
        "A secret or a token goes only to https, or to http on a loopback address",
        arguments: [
            ("https://as.example/introspect", true), ("http://127.0.0.1:9000/x", true), ("http://127.8.9.10/x", true),
            ("http://localhost:9000/x", true), ("http://[::1]:9000/x", true), ("http://as.example/x", false),
            ("http://127.0.0.1.as.example/x", false), ("http://0127.0.0.1/x", false), ("http://128.0.0.1/x", false),
            ("https://user:pass@as.example/x", false), ("ftp://127.0.0.1/x", false), ("/relative", false),
        ])
    func secretSafe(url: String, allowed: Bool) throws {
        #expect(SecretSafeURL.allows(try #require(URLComponents(string: url))) == allowed)
    }

    @Test(
        "Metadata locations: RFC 8414's inserted before the issuer's path, then OpenID Connect's appended to it",
        arguments: [
            (
                "https://as.example",
                [
                    "https://as.example/.well-known/oauth-authorization-server",
                    "https://as.example/.well-known/openid-configuration",
                ]
            ),
            (
                "https://as.example/",
                [
                    "https://as.example/.well-known/oauth-authorization-server",
                    "https://as.example/.well-known/openid-configuration",
                ]
            ),
            (
                "http://127.0.0.1:9000/v1",
                [
                    "http://127.0.0.1:9000/.well-known/oauth-authorization-server/v1",
                    "http://127.0.0.1:9000/v1/.well-known/openid-configuration",
                ]
            ),
            (
                "https://as.example/realms/a/",
                [
                    "https://as.example/.well-known/oauth-authorization-server/realms/a",
                    "https://as.example/realms/a/.well-known/openid-configuration",
                ]
            ),
        ])
    func locations(issuer: String, locations: [String]) {
        #expect(AuthorizationServerDiscovery.metadataLocations(of: issuer) == locations)
    }
}
