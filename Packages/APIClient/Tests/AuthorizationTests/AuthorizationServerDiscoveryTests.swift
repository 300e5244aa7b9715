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
        codeChallengeMethods: [String]? = ["S256"],
        tokenEndpoint: String = "http://127.0.0.1:8080/v1/oauth/token"
    ) -> Components.Schemas.AuthorizationServerMetadata {
        .init(
            issuer: issuer, authorizationEndpoint: authorizationEndpoint,
            tokenEndpoint: tokenEndpoint, grantTypesSupported: grantTypes,
            responseTypesSupported: ["code"], codeChallengeMethodsSupported: codeChallengeMethods,
            authorizationResponseIssParameterSupported: true)
    }

    /// Discovery whose origin root answers `root` and whose base path answers `basePath`; a place given `nil` fails
    /// with `UnimplementedOperation` if asked, so a test that expects it not to be asked fails when it is.
    static func discovery(
        root: Operations.GetAuthorizationServerMetadata.Output?,
        basePath: Operations.GetAuthorizationServerMetadata.Output? = nil, serverURL: URL = serverURL
    ) -> AuthorizationServerDiscovery {
        var rootClient = MockAPI()
        if let root { rootClient.getAuthorizationServerMetadata = { _ in root } }
        var basePathClient = MockAPI()
        if let basePath { basePathClient.getAuthorizationServerMetadata = { _ in basePath } }
        return AuthorizationServerDiscovery(
            rootClient: rootClient, basePathClient: basePathClient, serverURL: serverURL)
    }

    static let notFound = Operations.GetAuthorizationServerMetadata.Output.undocumented(statusCode: 404, .init())

    static func ok(
        _ metadata: Components.Schemas.AuthorizationServerMetadata
    )
        -> Operations.GetAuthorizationServerMetadata.Output
    {
        .ok(.init(body: .json(metadata)))
    }

    @Test("Reads the issuer, the sign-in page, the grants and the PKCE methods the server lists")
    func readsMetadata() async throws {
        let found = try #require(try await Self.discovery(root: Self.ok(Self.metadata())).metadata())
        #expect(found.issuer == "http://127.0.0.1:8080")
        #expect(found.authorizationEndpoint == URL(string: "http://127.0.0.1:8080/oauth/authorize"))
        #expect(found.offersBrowserSignIn)
        #expect(found.offersDeviceSignIn)
    }

    @Test("A server that publishes no metadata (404 at the root and under the base path) is nil")
    func noMetadata() async throws {
        let discovery = Self.discovery(root: Self.notFound, basePath: Self.notFound)
        #expect(try await discovery.metadata() == nil)
    }

    @Test("Without metadata at the origin's root, the copy under the API's base path is read and checked")
    func readsCopyUnderBasePath() async throws {
        let discovery = Self.discovery(root: Self.notFound, basePath: Self.ok(Self.metadata()))
        #expect(try await discovery.metadata()?.issuer == "http://127.0.0.1:8080")
        let mismatched = Self.discovery(
            root: Self.notFound, basePath: Self.ok(Self.metadata(issuer: "http://127.0.0.1:9090")))
        await #expect(
            throws: AuthorizationServerMetadataError.issuerMismatch(
                expected: "http://127.0.0.1:8080", received: "http://127.0.0.1:9090")
        ) { try await mismatched.metadata() }
    }

    @Test(
        "A redirect or a refusal at the root is no metadata there: the copy under the base path is read",
        arguments: [301, 302, 303, 307, 308, 400, 401, 403, 405, 406, 410])
    func rootRefusalFallsBack(status: Int) async throws {
        let discovery = Self.discovery(
            root: .undocumented(statusCode: status, .init()), basePath: Self.ok(Self.metadata()))
        #expect(try await discovery.metadata()?.issuer == "http://127.0.0.1:8080")
    }

    @Test(
        "A server error, 408 or 429 at the root is reported, and the base path is not asked",
        arguments: [408, 429, 500, 502, 503])
    func rootUnavailableIsThrown(status: Int) async {
        let discovery = Self.discovery(root: .undocumented(statusCode: status, .init()))
        await #expect(throws: AuthorizationServerMetadataError.request(.unavailable(status: status, retryAfter: nil))) {
            try await discovery.metadata()
        }
    }

    @Test(
        "A root document whose token endpoint is not this API's is another application's: the base path's copy is read",
        arguments: [
            "https://login.example/oauth/token", "http://127.0.0.1:8080/oauth/token",
            "http://127.0.0.1:9090/v1/oauth/token", "http://127.0.0.1:8080/v1/oauth/token?tenant=a",
            "http://127.0.0.1:8080/v1/token", "not a url",
        ])
    func foreignRootDocumentIsSkipped(tokenEndpoint: String) async throws {
        let foreign = Self.ok(
            Self.metadata(
                authorizationEndpoint: "http://127.0.0.1:8080/other/authorize", codeChallengeMethods: nil,
                tokenEndpoint: tokenEndpoint))
        let withCopy = Self.discovery(root: foreign, basePath: Self.ok(Self.metadata()))
        let found = try #require(try await withCopy.metadata())
        #expect(found.authorizationEndpoint == URL(string: "http://127.0.0.1:8080/oauth/authorize"))
        #expect(found.offersBrowserSignIn)
        #expect(try await Self.discovery(root: foreign, basePath: Self.notFound).metadata() == nil)
    }

    @Test("A server URL without a base path is asked once, under the API's rules: its root is the API's own place")
    func originWithoutBasePath() async throws {
        let serverURL = URL(string: "http://127.0.0.1:8080")!
        let found = Self.discovery(
            root: nil, basePath: Self.ok(Self.metadata(tokenEndpoint: "http://127.0.0.1:8080/oauth/token")),
            serverURL: serverURL)
        #expect(try await found.metadata()?.issuer == "http://127.0.0.1:8080")
        #expect(try await Self.discovery(root: nil, basePath: Self.notFound, serverURL: serverURL).metadata() == nil)
        let refused = Self.discovery(root: nil, basePath: .undocumented(statusCode: 403, .init()), serverURL: serverURL)
        await #expect(throws: AuthorizationServerMetadataError.request(.malformedResponse(.unexpectedStatus(403)))) {
            try await refused.metadata()
        }
    }

    @Test(
        "The origin's root is the server URL with its path, query and fragment removed",
        arguments: [
            ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080"),
            ("https://api.stories.example/v1/", "https://api.stories.example"),
            ("https://api.stories.example", "https://api.stories.example"),
            ("http://[::1]:9000/a/b?c=d#e", "http://[::1]:9000"),
        ])
    func rootURL(serverURL: String, root: String) throws {
        #expect(AuthorizationServerDiscovery.rootURL(of: try #require(URL(string: serverURL))).absoluteString == root)
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
        let found = try #require(try await Self.discovery(root: Self.ok(metadata)).metadata())
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
        await #expect(throws: expected) { try await Self.discovery(root: Self.ok(metadata)).metadata() }
    }

    @Test("An https server's issuer is its origin without the default port")
    func httpsIssuer() async throws {
        let metadata = Self.metadata(
            issuer: "https://api.stories.example", authorizationEndpoint: "https://api.stories.example/oauth/authorize",
            tokenEndpoint: "https://api.stories.example/v1/oauth/token")
        let found = try await Self.discovery(
            root: Self.ok(metadata), serverURL: URL(string: "https://api.stories.example/v1")!
        ).metadata()
        #expect(found?.issuer == "https://api.stories.example")
    }

    @Test("A failed request keeps its kind")
    func requestFailure() async {
        var root = MockAPI()
        root.getAuthorizationServerMetadata = { _ in throw APIFailure.unreachable(.connectionRefused) }
        // Under the base path nothing is set up: asking there would fail with another error.
        let discovery = AuthorizationServerDiscovery(
            rootClient: root, basePathClient: MockAPI(), serverURL: Self.serverURL)
        await #expect(throws: AuthorizationServerMetadataError.request(.unreachable(.connectionRefused))) {
            try await discovery.metadata()
        }
    }
}
