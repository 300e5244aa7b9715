import APIClientTestSupport
import AuthorizationServerClient
import Foundation
import OpenAPIRuntime
import Synchronization
import Testing

@testable import Authorization

@Suite("Pushed authorization requests (RFC 9126)")
struct PushedAuthorizationRequestTests {
    static let sentAt = Date(timeIntervalSince1970: 1_800_000_000)
    static let parEndpoint = URL(string: "https://login.example.com/par")!

    static func endpoint(_ api: MockAuthorizationServerAPI) -> TokenEndpoint {
        TokenEndpoint(api: api, clientID: "stories-cli", now: { sentAt })
    }

    static func server(par: URL? = parEndpoint) -> AuthorizationServer {
        var server = AuthorizationServer.fixture()
        server.resource = "https://api.example.com/v1"
        server.pushedAuthorizationRequestEndpoint = par
        return server
    }

    static let request = AuthorizationCodeRequest(
        endpoint: URL(string: "https://login.example.com/authorize")!, clientID: "stories-cli",
        redirectURI: "http://127.0.0.1:5123/callback", pkce: PKCE.generate(), state: AuthorizationState.generate(),
        scope: "stories", resource: "https://api.example.com/v1")

    static func created(
        requestURI: String = "urn:ietf:params:oauth:request_uri:abc", expiresIn: Int = 60
    )
        -> Operations.CreatePushedAuthorizationRequest.Output
    {
        .created(.init(body: .json(.init(requestUri: requestURI, expiresIn: expiresIn))))
    }

    @Test("Pushes every parameter of the request in the body as the public client, and returns the reference")
    func pushes() async throws {
        let sent = Mutex<Components.Schemas.PushedAuthorizationRequest?>(nil)
        var api = MockAuthorizationServerAPI()
        api.createPushedAuthorizationRequest = { input in
            guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
            sent.withLock { $0 = form }
            return Self.created()
        }
        let pushed = try await Self.endpoint(api).pushAuthorizationRequest(Self.request, at: Self.server())
        #expect(pushed.requestURI == "urn:ietf:params:oauth:request_uri:abc")
        #expect(pushed.expiresAt == Self.sentAt.addingTimeInterval(60))
        let form = try #require(sent.withLock { $0 })
        #expect(form.clientId == "stories-cli")
        #expect(form.responseType == "code")
        #expect(form.redirectUri == "http://127.0.0.1:5123/callback")
        #expect(form.codeChallenge == Self.request.pkce.challenge)
        #expect(form.codeChallengeMethod == "S256")
        #expect(form.state == Self.request.state.value)
        #expect(form.scope == "stories")
        #expect(form.resource == "https://api.example.com/v1")
        #expect(form.requestUri == nil)
    }

    @Test("The page's URL then carries only client_id and request_uri, after the endpoint's own query")
    func pageURL() {
        var request = Self.request
        request.endpoint = URL(string: "https://login.example.com/authorize?tenant=t")!
        let url = request.url(
            pushed: PushedAuthorizationRequest(
                requestURI: "urn:ietf:params:oauth:request_uri:abc", expiresAt: Self.sentAt))
        #expect(
            url.absoluteString
                == "https://login.example.com/authorize?tenant=t&client_id=stories-cli&request_uri="
                + "urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3Aabc")
    }

    @Test("A server without a PAR endpoint is notPublished, and nothing is sent")
    func notPublished() async {
        await #expect(throws: TokenEndpointError.notPublished(.pushedAuthorizationRequest)) {
            try await Self.endpoint(MockAuthorizationServerAPI()).pushAuthorizationRequest(
                Self.request, at: Self.server(par: nil))
        }
    }

    @Test("A PAR endpoint over plain HTTP to another machine is refused before anything is sent")
    func insecure() async {
        await #expect(throws: TokenEndpointError.insecureTransport(origin: "http://login.example.com")) {
            try await Self.endpoint(MockAuthorizationServerAPI()).pushAuthorizationRequest(
                Self.request, at: Self.server(par: URL(string: "http://login.example.com/par")!))
        }
    }

    @Test(
        "An answer without a usable request_uri or lifetime is malformed",
        arguments: [
            ("", 60), ("urn:ietf:params:oauth:request_uri:abc", 0), ("has space", 60),
            (String(repeating: "u", count: 1025), 60), ("line\nbreak", 60),
        ])
    func refusesMalformed(requestURI: String, expiresIn: Int) async {
        var api = MockAuthorizationServerAPI()
        api.createPushedAuthorizationRequest = { _ in Self.created(requestURI: requestURI, expiresIn: expiresIn) }
        await #expect(throws: TokenEndpointError.malformedResponse(.invalidPushedAuthorization)) {
            try await Self.endpoint(api).pushAuthorizationRequest(Self.request, at: Self.server())
        }
    }

    @Test("A refusal is typed: invalid_request is misconfigured, temporarily_unavailable is unavailable")
    func refusals() async {
        var api = MockAuthorizationServerAPI()
        api.createPushedAuthorizationRequest = { _ in
            .badRequest(.init(body: .json(.init(error: "invalid_request", errorDescription: "no"))))
        }
        await #expect(throws: TokenEndpointError.misconfigured(code: "invalid_request", description: "no")) {
            try await Self.endpoint(api).pushAuthorizationRequest(Self.request, at: Self.server())
        }
        api.createPushedAuthorizationRequest = { _ in
            .badRequest(.init(body: .json(.init(error: "temporarily_unavailable"))))
        }
        await #expect(throws: TokenEndpointError.unavailable(status: 400, retryAfter: nil)) {
            try await Self.endpoint(api).pushAuthorizationRequest(Self.request, at: Self.server())
        }
    }

    @Test("Discovery reads pushed_authorization_request_endpoint and require_pushed_authorization_requests")
    func discovery() throws {
        var document = MetadataDocuments.document(issuer: "https://a.example")
        document.pushedAuthorizationRequestEndpoint = "https://a.example/par"
        document.requirePushedAuthorizationRequests = true
        let metadata = try AuthorizationServerDiscovery.checked(document)
        #expect(metadata.pushedAuthorizationRequestEndpoint == URL(string: "https://a.example/par"))
        #expect(metadata.requiresPushedAuthorizationRequests)
        #expect(
            try AuthorizationServerDiscovery.checked(MetadataDocuments.document(issuer: "https://a.example"))
                .pushedAuthorizationRequestEndpoint == nil)
    }

    @Test("A PAR endpoint over plain HTTP to another machine makes the metadata untrusted")
    func discoveryRefusesInsecureEndpoint() {
        var document = MetadataDocuments.document(issuer: "https://a.example")
        document.pushedAuthorizationRequestEndpoint = "http://a.example/par"
        #expect(throws: AuthorizationServerMetadataError.untrustedEndpoint("http://a.example/par")) {
            try AuthorizationServerDiscovery.checked(document)
        }
    }
}
