import APIClient
import APIClientTestSupport
import Foundation
import OpenAPIRuntime
import Testing

@testable import Authorization

@Suite("Authorization server metadata (RFC 8414), fetched and checked")
struct AuthorizationServerDiscoveryTests {
    static let serverURL = URL(string: "http://127.0.0.1:8080/v1")!

    static func metadata(
        issuer: String = "http://127.0.0.1:8080",
        authorizationEndpoint: String? = "http://127.0.0.1:8080/oauth/authorize",
        grantTypes: [String]? = [
            "authorization_code", "urn:ietf:params:oauth:grant-type:device_code", "refresh_token",
        ],
        codeChallengeMethods: [String]? = ["S256"]
    ) -> Components.Schemas.AuthorizationServerMetadata {
        .init(
            issuer: issuer, authorizationEndpoint: authorizationEndpoint,
            tokenEndpoint: "http://127.0.0.1:8080/v1/oauth/token", grantTypesSupported: grantTypes,
            responseTypesSupported: ["code"], codeChallengeMethodsSupported: codeChallengeMethods,
            authorizationResponseIssParameterSupported: true)
    }

    static func discovery(
        answering output: Operations.GetAuthorizationServerMetadata.Output, serverURL: URL = serverURL
    ) -> AuthorizationServerDiscovery {
        var api = MockAPI()
        api.getAuthorizationServerMetadata = { _ in output }
        return AuthorizationServerDiscovery(api: api, serverURL: serverURL)
    }

    static func ok(
        _ metadata: Components.Schemas.AuthorizationServerMetadata
    )
        -> Operations.GetAuthorizationServerMetadata.Output
    {
        .ok(.init(body: .json(metadata)))
    }

    @Test("Reads the issuer, the sign-in page, the grants and the PKCE methods the server lists")
    func readsMetadata() async throws {
        let found = try #require(try await Self.discovery(answering: Self.ok(Self.metadata())).metadata())
        #expect(found.issuer == "http://127.0.0.1:8080")
        #expect(found.authorizationEndpoint == URL(string: "http://127.0.0.1:8080/oauth/authorize"))
        #expect(found.offersBrowserSignIn)
        #expect(found.offersDeviceSignIn)
    }

    @Test("A server that publishes no metadata (404) is nil: the documented endpoints are used")
    func noMetadata() async throws {
        let discovery = Self.discovery(answering: .undocumented(statusCode: 404, .init()))
        #expect(try await discovery.metadata() == nil)
    }

    @Test(
        "Browser sign-in is offered only with a sign-in page, the authorization_code grant and S256",
        arguments: [
            (metadata(), true),
            (metadata(authorizationEndpoint: nil), false),
            (metadata(grantTypes: ["urn:ietf:params:oauth:grant-type:device_code"]), false),
            (metadata(grantTypes: nil), true),  // RFC 8414 §2: omitted means authorization_code and implicit
            (metadata(codeChallengeMethods: ["plain"]), false),
            (metadata(codeChallengeMethods: nil), false),  // omitted: no PKCE
        ] as [(Components.Schemas.AuthorizationServerMetadata, Bool)])
    func browserSignInOffered(metadata: Components.Schemas.AuthorizationServerMetadata, offered: Bool) async throws {
        let found = try #require(try await Self.discovery(answering: Self.ok(metadata)).metadata())
        #expect(found.offersBrowserSignIn == offered)
    }

    @Test(
        "Refuses metadata whose issuer is not the server's origin, or whose sign-in page is on another origin",
        arguments: [
            (
                metadata(issuer: "http://127.0.0.1:9090"),
                AuthorizationServerMetadataError.issuerMismatch(
                    expected: "http://127.0.0.1:8080", received: "http://127.0.0.1:9090")
            ),
            (
                metadata(issuer: "http://127.0.0.1:8080/v1"),
                .issuerMismatch(
                    expected: "http://127.0.0.1:8080", received: "http://127.0.0.1:8080/v1")
            ),
            (
                metadata(authorizationEndpoint: "https://evil.test/oauth/authorize"),
                .untrustedEndpoint(
                    "https://evil.test/oauth/authorize")
            ),
            (metadata(authorizationEndpoint: "/oauth/authorize"), .untrustedEndpoint("/oauth/authorize")),
        ] as [(Components.Schemas.AuthorizationServerMetadata, AuthorizationServerMetadataError)])
    func refusesUntrustedMetadata(
        metadata: Components.Schemas.AuthorizationServerMetadata, expected: AuthorizationServerMetadataError
    ) async {
        await #expect(throws: expected) { try await Self.discovery(answering: Self.ok(metadata)).metadata() }
    }

    @Test("An https server's issuer is its origin without the default port")
    func httpsIssuer() async throws {
        let metadata = Self.metadata(
            issuer: "https://api.stories.example", authorizationEndpoint: "https://api.stories.example/oauth/authorize")
        let found = try await Self.discovery(
            answering: Self.ok(metadata), serverURL: URL(string: "https://api.stories.example/v1")!
        ).metadata()
        #expect(found?.issuer == "https://api.stories.example")
    }

    @Test("A failed request keeps its kind")
    func requestFailure() async {
        var api = MockAPI()
        api.getAuthorizationServerMetadata = { _ in throw APIFailure.unreachable(.connectionRefused) }
        await #expect(throws: AuthorizationServerMetadataError.request(.unreachable(.connectionRefused))) {
            try await AuthorizationServerDiscovery(api: api, serverURL: Self.serverURL).metadata()
        }
    }
}
