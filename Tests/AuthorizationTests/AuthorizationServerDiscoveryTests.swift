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

    /// Discovery whose origin root answers `output`; under the base path, `basePathOutput`, or, when that is `nil`, an
    /// error (it must not be asked).
    static func discovery(
        answering output: Operations.GetAuthorizationServerMetadata.Output, serverURL: URL = serverURL,
        basePathOutput: Operations.GetAuthorizationServerMetadata.Output? = nil
    ) -> AuthorizationServerDiscovery {
        var root = MockAPI()
        root.getAuthorizationServerMetadata = { _ in output }
        var underBasePath = MockAPI()
        if let basePathOutput { underBasePath.getAuthorizationServerMetadata = { _ in basePathOutput } }
        return AuthorizationServerDiscovery(originRoot: root, apiBase: underBasePath, serverURL: serverURL)
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

    @Test("A server that publishes no metadata (404 at the root and under the base path) is nil")
    func noMetadata() async throws {
        let notFound = Operations.GetAuthorizationServerMetadata.Output.undocumented(statusCode: 404, .init())
        let discovery = Self.discovery(answering: notFound, basePathOutput: notFound)
        #expect(try await discovery.metadata() == nil)
    }

    @Test("Without metadata at the origin's root, the copy under the API's base path is read and checked")
    func readsCopyUnderBasePath() async throws {
        let discovery = Self.discovery(
            answering: .undocumented(statusCode: 404, .init()), basePathOutput: Self.ok(Self.metadata()))
        #expect(try await discovery.metadata()?.issuer == "http://127.0.0.1:8080")
        let mismatched = Self.discovery(
            answering: .undocumented(statusCode: 404, .init()),
            basePathOutput: Self.ok(Self.metadata(issuer: "http://127.0.0.1:9090")))
        await #expect(throws: AuthorizationServerMetadataError.self) { try await mismatched.metadata() }
    }

    @Test("A server URL without a base path is asked once: its root is the only place")
    func originWithoutBasePath() async throws {
        let discovery = Self.discovery(
            answering: .undocumented(statusCode: 404, .init()), serverURL: URL(string: "http://127.0.0.1:8080")!)
        #expect(try await discovery.metadata() == nil)
    }

    @Test(
        "The origin's root is the server URL with its path, query and fragment removed",
        arguments: [
            ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080"),
            ("https://api.stories.example/v1/", "https://api.stories.example"),
            ("https://api.stories.example", "https://api.stories.example"),
            ("http://[::1]:9000/a/b?c=d#e", "http://[::1]:9000"),
        ])
    func originRoot(serverURL: String, root: String) throws {
        #expect(
            AuthorizationServerDiscovery.originRoot(of: try #require(URL(string: serverURL))).absoluteString == root)
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
        var root = MockAPI()
        root.getAuthorizationServerMetadata = { _ in throw APIFailure.unreachable(.connectionRefused) }
        // Under the base path nothing is set up: asking there would fail with another error.
        let discovery = AuthorizationServerDiscovery(originRoot: root, apiBase: MockAPI(), serverURL: Self.serverURL)
        await #expect(throws: AuthorizationServerMetadataError.request(.unreachable(.connectionRefused))) {
            try await discovery.metadata()
        }
    }
}
