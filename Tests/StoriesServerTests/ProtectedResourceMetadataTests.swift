import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import StoriesServerKit

/// The RFC 9728 metadata document, and the 401 challenges that point to it.
@Suite("Protected resource metadata")
struct ProtectedResourceMetadataTests {
    let clock = TestEnvironment()
    static let metadataURL = "http://127.0.0.1:8080/.well-known/oauth-protected-resource/v1"

    @Test(
        "The metadata names the API as the resource, the server's own issuer as its authorization server, and the header as the way to send a token",
        arguments: ["/.well-known/oauth-protected-resource/v1", "/v1/.well-known/oauth-protected-resource"])
    func document(path: String) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let metadata = try response.json()
            #expect(metadata["resource"] as? String == "http://127.0.0.1:8080/v1")
            #expect(metadata["authorization_servers"] as? [String] == ["http://127.0.0.1:8080"])
            #expect(metadata["bearer_methods_supported"] as? [String] == ["header"])
            #expect(metadata["resource_name"] as? String == "Stories API")
            // The issuer it names is the one the authorization server's own metadata declares.
            let issuer =
                try await client.execute(uri: "/.well-known/oauth-authorization-server", method: .get)
                .json()["issuer"] as? String
            #expect(metadata["authorization_servers"] as? [String] == issuer.map { [$0] })
        }
    }

    @Test("The root location belongs to the resource at /v1 only: without the path it is not served")
    func rootWithoutPath() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/.well-known/oauth-protected-resource", method: .get)
            #expect(response.status == .notFound)
        }
    }

    @Test("A configured public URL is the base of the resource and of the issuer")
    func publicURL() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock, publicURL: "https://stories.example")
        try await app.test(.router) { client in
            let metadata = try await client.execute(uri: "/.well-known/oauth-protected-resource/v1", method: .get)
                .json()
            #expect(metadata["resource"] as? String == "https://stories.example/v1")
            #expect(metadata["authorization_servers"] as? [String] == ["https://stories.example"])
            let challenge = try await client.execute(uri: "/v1/me", method: .get).headers[values: .wwwAuthenticate]
                .first
            #expect(
                challenge
                    == #"Bearer resource_metadata="https://stories.example/.well-known/oauth-protected-resource/v1""#
            )
        }
    }

    @Test("Without a public URL, the resource and the challenge carry the port the server actually bound (--port 0)")
    func boundPort() async throws {
        let app = try await buildApplication(
            configuration: ServerConfiguration(port: 0, storyCount: 1, passwordHashCost: 4),
            environment: clock.environment,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let metadata = try await client.execute(uri: "/.well-known/oauth-protected-resource/v1", method: .get)
                .json()
            #expect(metadata["resource"] as? String == "http://127.0.0.1:\(port)/v1")
            let challenge = try await client.execute(uri: "/v1/stories", method: .get).headers[values: .wwwAuthenticate]
                .first
            #expect(
                challenge
                    == #"Bearer resource_metadata="http://127.0.0.1:\#(port)/.well-known/oauth-protected-resource/v1""#
            )
        }
    }

    @Test(
        "Every 401 of a protected operation names the metadata's URL beside the RFC 6750 challenge, with an error code only for a token that is not valid",
        arguments: [
            ("/v1/me", nil, #"Bearer resource_metadata="\#(metadataURL)""#),
            ("/v1/stories", nil, #"Bearer resource_metadata="\#(metadataURL)""#),
            ("/v1/stories/1", "Basic ZGVtbzpkZW1v", #"Bearer resource_metadata="\#(metadataURL)""#),
            ("/v1/me", "Bearer not-a-token", #"Bearer error="invalid_token", resource_metadata="\#(metadataURL)""#),
            (
                "/v1/stories?limit=5", "Bearer not-a-token",
                #"Bearer error="invalid_token", resource_metadata="\#(metadataURL)""#
            ),
        ] as [(String, String?, String)])
    func challenges(uri: String, authorization: String?, challenge: String) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            var headers = HTTPFields()
            headers[.authorization] = authorization
            let response = try await client.execute(uri: uri, method: .get, headers: headers)
            #expect(response.status == .unauthorized)
            // The Bearer challenge comes first; with DPoP optional (the default) a DPoP one follows (RFC 9449 §7.1).
            #expect(response.headers[values: .wwwAuthenticate].first == challenge)
            #expect(response.headers[values: .wwwAuthenticate].dropFirst().allSatisfy { $0.hasPrefix("DPoP ") })
            #expect(response.headers[.contentType] == "application/problem+json")
        }
    }

    @Test("The URL a challenge names serves the metadata of the resource that answered")
    func challengeLeadsToMetadata() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let challenge = try #require(
                try await client.execute(uri: "/v1/me", method: .get).headers[values: .wwwAuthenticate].first)
            let match = try #require(challenge.firstMatch(of: /resource_metadata="http:\/\/127\.0\.0\.1:8080([^"]*)"/))
            let metadata = try await client.execute(uri: String(match.1), method: .get).json()
            #expect(metadata["resource"] as? String == "http://127.0.0.1:8080/v1")
        }
    }
}
