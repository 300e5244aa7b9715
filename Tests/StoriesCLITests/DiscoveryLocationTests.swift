import APIClientLive
import Authorization
import Foundation
import Testing

@testable import StoriesCLIKit

/// Where the composition root's discovery and token endpoint send their requests, over a transport that answers by
/// URL: the API at `http://127.0.0.1:8080/v1`, its authorization server on another origin, under a path.
@Suite("Discovery and the authorization server's endpoints, as the CLI wires them")
struct DiscoveryLocationTests {
    static let resourceMetadata = "http://127.0.0.1:8080/.well-known/oauth-protected-resource/v1"
    static let issuer = "http://127.0.0.1:9000/realms/v1"
    static let issuerMetadata = "http://127.0.0.1:9000/.well-known/oauth-authorization-server/realms/v1"
    static let probe = "http://127.0.0.1:8080/v1/me"
    static let root = "http://127.0.0.1:8080/.well-known/oauth-authorization-server"
    static let underBasePath = "http://127.0.0.1:8080/v1/.well-known/oauth-authorization-server"

    static let answers: [String: RoutedTransport.Answer] = [
        resourceMetadata: .init(
            body: #"{"resource":"http://127.0.0.1:8080/v1","authorization_servers":["\#(issuer)"]}"#),
        issuerMetadata: .init(
            body: """
                {"issuer":"\(issuer)","authorization_endpoint":"\(issuer)/protocol/auth",\
                "token_endpoint":"\(issuer)/protocol/token","device_authorization_endpoint":"\(issuer)/protocol/device",\
                "revocation_endpoint":"\(issuer)/protocol/revoke","response_types_supported":["code"],\
                "grant_types_supported":["authorization_code","urn:ietf:params:oauth:grant-type:device_code"],\
                "code_challenge_methods_supported":["S256"]}
                """),
        "\(issuer)/protocol/token": .init(
            body: #"{"access_token":"fresh-access","token_type":"Bearer","expires_in":900,"refresh_token":"r2"}"#),
        "\(issuer)/protocol/device": .init(
            body:
                #"{"device_code":"d","user_code":"U","verification_uri":"http://127.0.0.1:9000/device","expires_in":600}"#
        ),
        "\(issuer)/protocol/revoke": .init(body: ""),
    ]

    @Test("Finds the authorization server the API names on another origin, sending no token to any place it asks")
    func findsNamedServer() async throws {
        let transport = RoutedTransport(Self.answers)
        let services = try await CompositionRootWiringTests.services(transport: transport)
        let found = try await services.discovery.discover()
        #expect(transport.urls == [Self.resourceMetadata, Self.issuerMetadata])
        #expect(found.server.tokenEndpoint == URL(string: "\(Self.issuer)/protocol/token"))
        #expect(found.server.resource == "http://127.0.0.1:8080/v1")
        // The store holds a session for this server: no place asked may be sent its token.
        #expect(transport.headerFields.allSatisfy { $0[.authorization] == nil })
    }

    @Test("Token, device authorization and revocation requests go to the endpoints the metadata names")
    func requestsGoToNamedEndpoints() async throws {
        let transport = RoutedTransport(Self.answers)
        let services = try await CompositionRootWiringTests.services(transport: transport)
        let server = try await services.discovery.discover().server
        let endpoint = services.client.tokenEndpoint
        _ = try await endpoint.requestDeviceAuthorization(scope: nil, at: server)
        _ = try await endpoint.requestTokens(for: .refreshToken(Secret("r1")), at: server)
        try await endpoint.revoke(.refreshToken(Secret("r2")), at: server)
        #expect(
            transport.urls.dropFirst(2) == [
                "\(Self.issuer)/protocol/device", "\(Self.issuer)/protocol/token", "\(Self.issuer)/protocol/revoke",
            ])
        #expect(transport.headerFields.allSatisfy { $0[.authorization] == nil })
    }

    @Test("Without RFC 9728 metadata, the API's origin is asked as before: the root, then under the base path")
    func originMetadataAsBefore() async throws {
        let transport = RoutedTransport([:])
        let services = try await CompositionRootWiringTests.services(transport: transport)
        let found = try await services.discovery.discover()
        #expect(found.metadata == nil)
        #expect(found.server.tokenEndpoint == URL(string: "http://127.0.0.1:8080/v1/oauth/token"))
        #expect(transport.urls == [Self.resourceMetadata, Self.probe, Self.root, Self.underBasePath])
        #expect(transport.headerFields.allSatisfy { $0[.authorization] == nil })
    }

    @Test("The metadata's answer is bounded like a token response: a larger one is refused, and nothing else asked")
    func answerIsBounded() async throws {
        let huge = String(repeating: " ", count: ConnectionLimits.standard.maximumTokenResponseBytes + 1)
        let transport = RoutedTransport([Self.resourceMetadata: .init(body: huge + "{}")])
        let services = try await CompositionRootWiringTests.services(transport: transport)
        let limit = ConnectionLimits.standard.maximumTokenResponseBytes
        await #expect(throws: AuthorizationServerMetadataError.request(.malformedResponse(.tooLarge(limit: limit)))) {
            try await services.discovery.discover()
        }
        #expect(transport.urls == [Self.resourceMetadata])
    }

    @Test("A server error is reported, not taken for missing metadata")
    func serverErrorIsThrown() async throws {
        let transport = RoutedTransport([Self.resourceMetadata: .init(status: .internalServerError, body: "{}")])
        let services = try await CompositionRootWiringTests.services(transport: transport)
        await #expect(throws: AuthorizationServerMetadataError.request(.unavailable(status: 500, retryAfter: nil))) {
            try await services.discovery.discover()
        }
        #expect(transport.urls == [Self.resourceMetadata])
    }
}
