import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import StoriesServerKit

/// The RFC 8414 metadata document.
@Suite("Authorization server metadata")
struct AuthorizationServerMetadataTests {
    let clock = TestEnvironment()

    @Test(
        "The metadata names the issuer, every endpoint as an absolute URL, and what the server supports",
        arguments: ["/.well-known/oauth-authorization-server", "/v1/.well-known/oauth-authorization-server"])
    func document(path: String) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let metadata = try response.json()
            #expect(metadata["issuer"] as? String == "http://127.0.0.1:8080")
            #expect(metadata["authorization_endpoint"] as? String == "http://127.0.0.1:8080/oauth/authorize")
            #expect(metadata["token_endpoint"] as? String == "http://127.0.0.1:8080/v1/oauth/token")
            #expect(
                metadata["device_authorization_endpoint"] as? String
                    == "http://127.0.0.1:8080/v1/oauth/device_authorization")
            #expect(metadata["revocation_endpoint"] as? String == "http://127.0.0.1:8080/v1/oauth/revoke")
            #expect(
                Set(metadata["grant_types_supported"] as? [String] ?? []) == [
                    "authorization_code", "urn:ietf:params:oauth:grant-type:device_code", "refresh_token", "password",
                ])
            #expect(metadata["response_types_supported"] as? [String] == ["code"])
            #expect(metadata["code_challenge_methods_supported"] as? [String] == ["S256"])
            #expect(metadata["token_endpoint_auth_methods_supported"] as? [String] == ["none"])
            #expect(metadata["authorization_response_iss_parameter_supported"] as? Bool == true)
        }
    }

    @Test("A configured public URL is the issuer and the base of every endpoint and verification URI")
    func publicURL() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock, publicURL: "https://stories.example/")
        try await app.test(.router) { client in
            let metadata = try await client.execute(uri: "/.well-known/oauth-authorization-server", method: .get).json()
            #expect(metadata["issuer"] as? String == "https://stories.example")
            #expect(metadata["token_endpoint"] as? String == "https://stories.example/v1/oauth/token")
            let device = try await client.startDeviceAuthorization()
            #expect(device["verification_uri"] as? String == "https://stories.example/device")
            let redirect = try await client.authorize()
            #expect(redirect.redirectParameters["iss"] == "https://stories.example")
        }
    }

    @Test("Without a public URL, the issuer carries the port the server actually bound (--port 0)")
    func boundPort() async throws {
        let app = try await buildApplication(
            configuration: ServerConfiguration(port: 0, storyCount: 1, passwordHashCost: 4),
            environment: clock.environment,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
        try await app.test(.live) { client in
            let port = try #require(client.port)
            #expect(port != 0)
            let metadata = try await client.execute(uri: "/.well-known/oauth-authorization-server", method: .get).json()
            #expect(metadata["issuer"] as? String == "http://127.0.0.1:\(port)")
            let device = try await client.startDeviceAuthorization()
            #expect(device["verification_uri"] as? String == "http://127.0.0.1:\(port)/device")
        }
    }

    @Test(
        "Only an http or https origin is a public URL",
        arguments: [
            ("https://stories.example", "https://stories.example"), ("http://127.0.0.1:8080/", "http://127.0.0.1:8080"),
            ("https://stories.example/v1", nil), ("ftp://stories.example", nil), ("stories.example", nil),
            ("https://stories.example?x=1", nil), ("https://user@stories.example", nil), ("", nil),
        ] as [(String, String?)])
    func parsesPublicURL(text: String, origin: String?) {
        #expect(ServerConfiguration.publicOrigin(parsing: text) == origin)
    }
}
