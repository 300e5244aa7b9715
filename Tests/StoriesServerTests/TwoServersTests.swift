import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import StoriesServerKit

/// Two stories-servers in this process: one the authorization server, with an introspection client, the other its
/// resource server (`--authorization-server`), both on the test's clock.
@Suite("A stories-server trusting another", .timeLimit(.minutes(1)))
struct TwoServersTests {
    let clock = TestEnvironment()
    static let client = ClientCredentials(id: "stories-api", secret: "two-servers-secret")!

    /// Runs `body` with a client of the authorization server and one of the resource server that trusts it.
    func withServers(
        resourceServerClient: ClientCredentials = client, authorizationServerLog: LogLines = LogLines(),
        _ body:
            @Sendable (
                _ authorizationServer: any TestClientProtocol, _ resourceServer: any TestClientProtocol,
                _ resource: String
            ) async throws -> Void
    ) async throws {
        let authorizationServer = try await buildApplication(
            configuration: ServerConfiguration(
                port: 0, storyCount: 1, passwordHashCost: 4, introspectionClient: Self.client),
            environment: clock.environment,
            logger: Logger(label: "as") { _ in RecordingLogHandler(lines: authorizationServerLog) })
        try await authorizationServer.test(.live) { asClient in
            let issuer = "http://127.0.0.1:\(try #require(asClient.port))"
            let resourceServer = try await buildApplication(
                configuration: ServerConfiguration(
                    port: 0, storyCount: 5, passwordHashCost: 4,
                    authorizationServer: ExternalAuthorizationServer(issuer: issuer, client: resourceServerClient)),
                environment: clock.environment, logger: Logger(label: "rs") { _ in SwiftLogNoOpLogHandler() })
            try await resourceServer.test(.live) { rsClient in
                try await body(asClient, rsClient, "http://127.0.0.1:\(try #require(rsClient.port))/v1")
            }
        }
    }

    @Test(
        "A token the authorization server issued for the resource server is taken there: /v1/me names its user, stories list"
    )
    func acceptsTokenForIt() async throws {
        try await withServers { authorizationServer, resourceServer, resource in
            let token = try await authorizationServer.demoAccessToken(extra: [("resource", resource)])
            let me = try await resourceServer.execute(
                uri: "/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(me.status == .ok)
            #expect(try me.json()["username"] as? String == "demo")
            let stories = try await resourceServer.execute(
                uri: "/v1/stories", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(stories.status == .ok)
            // The token was issued for the resource server, not for the authorization server's own API.
            let there = try await authorizationServer.execute(
                uri: "/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(there.status == .unauthorized)
        }
    }

    @Test("A token issued for the authorization server's own API is refused by the resource server (RFC 8707 audience)")
    func refusesTokenForAnotherResource() async throws {
        try await withServers { authorizationServer, resourceServer, _ in
            let token = try await authorizationServer.demoAccessToken()
            let me = try await resourceServer.execute(
                uri: "/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(me.status == .unauthorized)
            #expect(
                me.headers[.wwwAuthenticate]?.hasPrefix(#"Bearer error="invalid_token", resource_metadata=""#) == true)
        }
    }

    @Test("A revoked token is still taken while its answer is remembered, and refused once a minute has passed")
    func revocation() async throws {
        let log = LogLines()
        try await withServers(authorizationServerLog: log) { authorizationServer, resourceServer, resource in
            let issued = try await authorizationServer.postForm(
                "/v1/oauth/token",
                [
                    ("grant_type", "password"), ("username", "demo"), ("password", "demo-password"),
                    ("resource", resource),
                ]
            ).json()
            let token = try #require(issued["access_token"] as? String)
            let headers: HTTPFields = [.authorization: "Bearer \(token)"]
            #expect(try await resourceServer.execute(uri: "/v1/me", method: .get, headers: headers).status == .ok)
            _ = try await authorizationServer.postForm("/v1/oauth/revoke", [("token", token)])
            clock.advance(by: 59)
            #expect(try await resourceServer.execute(uri: "/v1/me", method: .get, headers: headers).status == .ok)
            clock.advance(by: 1)
            #expect(
                try await resourceServer.execute(uri: "/v1/me", method: .get, headers: headers).status == .unauthorized)
            #expect(
                log.all.filter { $0.hasPrefix("introspect ") } == [
                    "introspect outcome=active", "introspect outcome=inactive",
                ])
        }
    }

    @Test(
        "A resource server with the wrong client secret answers 503, not 401: the authorization server refused it, not the token"
    )
    func wrongClientSecret() async throws {
        let wrong = try #require(ClientCredentials(id: "stories-api", secret: "not-the-secret"))
        try await withServers(resourceServerClient: wrong) { authorizationServer, resourceServer, resource in
            let token = try await authorizationServer.demoAccessToken(extra: [("resource", resource)])
            let me = try await resourceServer.execute(
                uri: "/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(me.status == .serviceUnavailable)
        }
    }

    @Test("The resource server's metadata names the authorization server's issuer, which its own metadata confirms")
    func metadataChain() async throws {
        try await withServers { authorizationServer, resourceServer, resource in
            let metadata = try await resourceServer.execute(
                uri: "/.well-known/oauth-protected-resource/v1", method: .get
            )
            .json()
            #expect(metadata["resource"] as? String == resource)
            let issuers = try #require(metadata["authorization_servers"] as? [String])
            let asMetadata = try await authorizationServer.execute(
                uri: "/.well-known/oauth-authorization-server", method: .get
            ).json()
            #expect(issuers == [try #require(asMetadata["issuer"] as? String)])
            #expect(asMetadata["introspection_endpoint"] as? String == issuers[0] + "/v1/oauth/introspect")
        }
    }
}
