import APIClient
import APIClientTestSupport
import Foundation
import OpenAPIRuntime
import Testing

@testable import Authorization

@Suite("Finding the API's authorization server (RFC 9728, RFC 8414, OpenID Connect Discovery)")
struct AuthorizationServerDiscoveryTests {
    typealias Documents = MetadataDocuments

    static let api = "https://api.example.com/v1"
    static let resourceLocation = "https://api.example.com/.well-known/oauth-protected-resource/v1"
    /// An issuer with a path, on another origin, whose endpoints only its metadata names.
    static let issuer = "https://login.example.net/realms/v1"
    static let inserted = "https://login.example.net/.well-known/oauth-authorization-server/realms/v1"
    static let openID = "https://login.example.net/realms/v1/.well-known/openid-configuration"
    static let openIDInserted = "https://login.example.net/.well-known/openid-configuration/realms/v1"

    @Test("Finds the authorization server the API names, at RFC 8414's inserted location for an issuer with a path")
    func namedServerAtInsertedLocation() async throws {
        let documents = Documents([
            Self.resourceLocation: Documents.protectedResource(authorizationServers: [Self.issuer]),
            Self.inserted: Documents.authorizationServer(issuer: Self.issuer, endpoints: "https://login.example.net/x"),
        ])
        let found = try await documents.discovery().discover()
        #expect(documents.requests == [Self.resourceLocation, Self.inserted])
        let metadata = try #require(found.metadata)
        #expect(metadata.issuer == Self.issuer)
        #expect(metadata.authorizationEndpoint == URL(string: "https://login.example.net/x/auth"))
        #expect(
            found.server
                == AuthorizationServer(
                    issuer: Self.issuer, tokenEndpoint: URL(string: "https://login.example.net/x/token")!,
                    deviceAuthorizationEndpoint: URL(string: "https://login.example.net/x/device/auth")!,
                    revocationEndpoint: URL(string: "https://login.example.net/x/token/revocation")!,
                    resource: Self.api))
    }

    @Test(
        "Each place an issuer's metadata may be is asked in turn: RFC 8414's, then OpenID Connect's, appended and inserted",
        arguments: [
            ([inserted], inserted),
            ([openID], openID),
            ([openIDInserted], openIDInserted),
            ([inserted, openID], inserted),
        ])
    func metadataLocations(published: [String], used: String) async throws {
        var answers = [Self.resourceLocation: Documents.protectedResource(authorizationServers: [Self.issuer])]
        for location in published { answers[location] = Documents.authorizationServer(issuer: Self.issuer) }
        let documents = Documents(answers)
        let found = try await documents.discovery().discover()
        #expect(found.metadata?.issuer == Self.issuer)
        #expect(documents.requests.last == used)
        #expect(
            documents.requests.dropFirst() == [Self.inserted, Self.openID, Self.openIDInserted].prefix { $0 != used }
                + [used])
    }

    @Test("A location whose document names another issuer is skipped, never used (RFC 8414 §3.3)")
    func mismatchedLocationSkipped() async throws {
        let documents = Documents([
            Self.resourceLocation: Documents.protectedResource(authorizationServers: [Self.issuer]),
            Self.inserted: Documents.authorizationServer(issuer: "https://login.example.net"),
            Self.openID: Documents.authorizationServer(issuer: Self.issuer),
        ])
        #expect(try await documents.discovery().discover().metadata?.issuer == Self.issuer)
        #expect(documents.requests == [Self.resourceLocation, Self.inserted, Self.openID])
    }

    @Test("When every document names another issuer, the mismatch is reported; when none is found, that is")
    func noUsableLocation() async throws {
        let mismatched = Documents([
            Self.resourceLocation: Documents.protectedResource(authorizationServers: [Self.issuer]),
            Self.openID: Documents.authorizationServer(issuer: "https://evil.example"),
        ])
        await #expect(
            throws: AuthorizationServerMetadataError.issuerMismatch(
                expected: Self.issuer, received: "https://evil.example")
        ) { try await mismatched.discovery().discover() }
        let missing = Documents([
            Self.resourceLocation: Documents.protectedResource(authorizationServers: [Self.issuer])
        ])
        await #expect(throws: AuthorizationServerMetadataError.noMetadata(issuer: Self.issuer)) {
            try await missing.discovery().discover()
        }
        #expect(missing.requests == [Self.resourceLocation, Self.inserted, Self.openID, Self.openIDInserted])
    }

    @Test("The next listed authorization server is used when the first has no metadata")
    func nextListedServer() async throws {
        let documents = Documents([
            Self.resourceLocation: Documents.protectedResource(
                authorizationServers: ["https://gone.example", Self.issuer]),
            Self.inserted: Documents.authorizationServer(issuer: Self.issuer),
        ])
        #expect(try await documents.discovery().discover().metadata?.issuer == Self.issuer)
    }

    @Test("Protected-resource metadata that describes another resource is refused (RFC 9728 §3.3)")
    func resourceMismatch() async throws {
        let documents = Documents([
            Self.resourceLocation: Documents.protectedResource(
                "https://api.example.com/v2", authorizationServers: [Self.issuer]),
            Self.inserted: Documents.authorizationServer(issuer: Self.issuer),
        ])
        await #expect(
            throws: AuthorizationServerMetadataError.resourceMismatch(
                expected: Self.api, received: "https://api.example.com/v2")
        ) { try await documents.discovery().discover() }
        #expect(documents.requests == [Self.resourceLocation])
    }

    @Test("Without metadata at the well-known location, the one a 401's resource_metadata names is read")
    func metadataNamedByChallenge() async throws {
        let named = "https://api.example.com/meta/resource.json"
        let documents = Documents(
            [
                named: Documents.protectedResource(authorizationServers: [Self.issuer]),
                Self.inserted: Documents.authorizationServer(issuer: Self.issuer),
            ],
            challenge: #"Bearer realm="stories", resource_metadata="\#(named)""#)
        let found = try await documents.discovery().discover()
        #expect(found.server.resource == Self.api)
        #expect(documents.requests == [Self.resourceLocation, "GET /me", named, Self.inserted])
    }

    @Test(
        "A resource_metadata URL that is plain HTTP to another machine, or not a URL, is not followed",
        arguments: [#"Bearer resource_metadata="http://api.example.com/meta""#, #"Bearer resource_metadata="::""#])
    func untrustedChallengeLocation(challenge: String) async throws {
        let documents = Documents([:], challenge: challenge)
        let found = try await documents.discovery().discover()
        #expect(found.metadata == nil)
        #expect(!documents.requests.contains { $0.hasPrefix("http://api.example.com/meta") })
    }

    @Test("Without RFC 9728 metadata, the API origin's metadata is read at the root, then under the base path")
    func originMetadata() async throws {
        let root = "https://api.example.com/.well-known/oauth-authorization-server"
        let underBasePath = "https://api.example.com/v1/.well-known/oauth-authorization-server"
        let atRoot = Documents([
            root: .authorizationServer(
                Documents.document(issuer: "https://api.example.com", tokenEndpoint: Self.api + "/oauth/token"))
        ])
        let found = try await atRoot.discovery().discover()
        #expect(found.metadata?.issuer == "https://api.example.com")
        #expect(found.server.resource == nil)
        #expect(atRoot.requests == [Self.resourceLocation, "GET /me", root])
        let copy = Documents([underBasePath: Documents.authorizationServer(issuer: "https://api.example.com")])
        #expect(try await copy.discovery().discover().metadata?.issuer == "https://api.example.com")
        #expect(copy.requests == [Self.resourceLocation, "GET /me", root, underBasePath])
    }

    @Test("The API's own metadata that leaves out the device or revocation endpoint gets the contract's")
    func ownMetadataCompletedByContract() async throws {
        let documents = Documents([
            "https://api.example.com/.well-known/oauth-authorization-server": .authorizationServer(
                Documents.document(
                    issuer: "https://api.example.com", tokenEndpoint: Self.api + "/oauth/token", device: false,
                    revocation: false))
        ])
        let found = try await documents.discovery().discover()
        #expect(found.server.deviceAuthorizationEndpoint == URL(string: Self.api + "/oauth/device_authorization"))
        #expect(found.server.revocationEndpoint == URL(string: Self.api + "/oauth/revoke"))
    }

    @Test("A server the API names that leaves out the device or revocation endpoint has none: nothing is guessed")
    func namedServerNotCompleted() async throws {
        let documents = Documents([
            Self.resourceLocation: Documents.protectedResource(authorizationServers: [Self.issuer]),
            Self.inserted: Documents.authorizationServer(issuer: Self.issuer, device: false, revocation: false),
        ])
        let found = try await documents.discovery().discover()
        #expect(found.server.deviceAuthorizationEndpoint == nil)
        #expect(found.server.revocationEndpoint == nil)
        #expect(found.metadata?.offersDeviceSignIn == false)
    }

    @Test(
        "A root document whose token endpoint is not this API's is another application's: the base path's copy is read",
        arguments: ["https://login.example/oauth/token", "https://api.example.com/oauth/token"])
    func rootOfAnotherApplication(tokenEndpoint: String) async throws {
        let documents = Documents([
            "https://api.example.com/.well-known/oauth-authorization-server": .authorizationServer(
                Documents.document(issuer: "https://api.example.com", tokenEndpoint: tokenEndpoint)),
            "https://api.example.com/v1/.well-known/oauth-authorization-server": Documents.authorizationServer(
                issuer: "https://api.example.com", endpoints: "https://api.example.com/v1/oauth"),
        ])
        let found = try await documents.discovery().discover()
        #expect(found.server.tokenEndpoint == URL(string: "https://api.example.com/v1/oauth/token"))
    }

    @Test(
        "Nothing published anywhere: the contract's endpoints under the API, with no resource indicator",
        arguments: [Documents.Answer.status(404), .status(302), .status(403), .notADocument])
    func nothingPublished(answer: Documents.Answer) async throws {
        let documents = Documents([
            Self.resourceLocation: answer,
            "https://api.example.com/.well-known/oauth-authorization-server": answer,
        ])
        let found = try await documents.discovery().discover()
        #expect(found.metadata == nil)
        #expect(found.server == .contract(of: try ServerOrigin(URL(string: Self.api)!)))
    }

    @Test(
        "Protected-resource metadata without authorization servers keeps its resource and reads the origin's metadata",
        arguments: [nil, [String]()])
    func resourceWithoutServers(servers: [String]?) async throws {
        let documents = Documents([Self.resourceLocation: Documents.protectedResource(authorizationServers: servers)])
        let found = try await documents.discovery().discover()
        #expect(found.metadata == nil)
        #expect(found.server.resource == Self.api)
        #expect(found.server.tokenEndpoint == URL(string: Self.api + "/oauth/token"))
    }

    @Test(
        "A server error, 408 or 429 is reported as such, and no other place is asked",
        arguments: [408, 429, 500, 503])
    func unavailableIsReported(status: Int) async throws {
        let documents = Documents([Self.resourceLocation: .status(status)])
        await #expect {
            try await documents.discovery().discover()
        } throws: { error in
            guard case AuthorizationServerMetadataError.request(.unavailable(let reported, _)) = error else {
                return false
            }
            return reported == status
        }
        #expect(documents.requests == [Self.resourceLocation])
        let issuerDown = Documents([
            Self.resourceLocation: Documents.protectedResource(authorizationServers: [Self.issuer, "https://b.example"]
            ),
            Self.inserted: .status(status),
        ])
        await #expect(throws: AuthorizationServerMetadataError.self) { try await issuerDown.discovery().discover() }
        #expect(issuerDown.requests == [Self.resourceLocation, Self.inserted])
    }

    @Test(
        "Issuers and endpoints that are neither TLS nor a loopback IP literal are refused",
        arguments: [
            ("http://login.example.net", nil, "http://login.example.net"),
            ("https://login.example.net", "http://login.example.net", "http://login.example.net/token"),
            ("https://login.example.net", "https://login.example.net/#x", "https://login.example.net/#x/token"),
        ] as [(String, String?, String)])
    func untrustedEndpoints(issuer: String, endpoints: String?, refused: String) async throws {
        let documents = Documents([
            Self.resourceLocation: Documents.protectedResource(authorizationServers: [issuer]),
            "https://login.example.net/.well-known/oauth-authorization-server": Documents.authorizationServer(
                issuer: issuer, endpoints: endpoints),
        ])
        await #expect(throws: AuthorizationServerMetadataError.untrustedEndpoint(refused)) {
            try await documents.discovery().discover()
        }
    }

    @Test("Plain HTTP to a loopback IP literal is allowed, as for the API itself (RFC 8252 §8.3)")
    func loopbackAllowed() async throws {
        let documents = Documents([
            "http://127.0.0.1:8080/.well-known/oauth-protected-resource/v1": Documents.protectedResource(
                "http://127.0.0.1:8080/v1", authorizationServers: ["http://127.0.0.1:9000/o"]),
            "http://127.0.0.1:9000/.well-known/oauth-authorization-server/o": Documents.authorizationServer(
                issuer: "http://127.0.0.1:9000/o"),
        ])
        let found = try await documents.discovery(serverURL: "http://127.0.0.1:8080/v1/").discover()
        #expect(found.server.tokenEndpoint == URL(string: "http://127.0.0.1:9000/o/token"))
        #expect(found.server.resource == "http://127.0.0.1:8080/v1")
    }

    @Test("An issuer's metadata is kept for the cache's lifetime, then asked for again")
    func cachedPerIssuer() async throws {
        let clock = TestClock()
        let cache = AuthorizationServerMetadataCache(lifetime: 600, now: clock.function)
        let documents = Documents([
            Self.resourceLocation: Documents.protectedResource(authorizationServers: [Self.issuer]),
            Self.inserted: Documents.authorizationServer(issuer: Self.issuer),
        ])
        let discovery = documents.discovery(cache: cache)
        _ = try await discovery.discover()
        _ = try await discovery.discover()
        #expect(documents.requests.filter { $0 == Self.inserted }.count == 1)
        clock.advance(by: 600)
        _ = try await discovery.discover()
        #expect(documents.requests.filter { $0 == Self.inserted }.count == 2)
    }

    @Test(
        "Browser sign-in is offered only with a sign-in page, the authorization_code grant and S256",
        arguments: [
            (Documents.document(issuer: "https://a.example"), true),
            (Documents.document(issuer: "https://a.example", grantTypes: ["refresh_token"]), false),
            (Documents.document(issuer: "https://a.example", grantTypes: nil), true),
            (Documents.document(issuer: "https://a.example", codeChallengeMethods: ["plain"]), false),
            (Documents.document(issuer: "https://a.example", codeChallengeMethods: nil), false),
        ])
    func browserSignInOffered(
        document: ServerMetadataDocument, offered: Bool
    ) throws {
        #expect(try AuthorizationServerDiscovery.checked(document).offersBrowserSignIn == offered)
    }

    @Test("Device sign-in is offered only with the device grant and its endpoint")
    func deviceSignInOffered() throws {
        #expect(
            try AuthorizationServerDiscovery.checked(Documents.document(issuer: "https://a.example")).offersDeviceSignIn
        )
        #expect(
            !(try AuthorizationServerDiscovery.checked(Documents.document(issuer: "https://a.example", device: false))
                .offersDeviceSignIn))
    }
}
