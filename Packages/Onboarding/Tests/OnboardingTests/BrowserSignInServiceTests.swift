import Authorization
import DomainFailure
import Foundation
import OnboardingData
import OnboardingDomain
import Testing

@Suite("APIBrowserSignInService")
struct BrowserSignInServiceTests {
    static let grant = TokenGrant(
        accessToken: Secret("browser-access"), refreshToken: Secret("browser-refresh"), scope: nil,
        issuedAt: Date(timeIntervalSince1970: 1_800_000_000), expiresAt: nil)
    static let endpoint = URL(string: "https://api.example.com/oauth/authorize")!

    static func service(
        listener: ScriptedRedirectListener = ScriptedRedirectListener(),
        exchanger: RecordingCodeExchanger = RecordingCodeExchanger(answering: .success(grant)),
        session: ScriptedSession = ScriptedSession(),
        discovery: ScriptedDiscovery = .nothingPublished,
        pusher: RecordingRequestPusher = RecordingRequestPusher()
    ) -> APIBrowserSignInService {
        APIBrowserSignInService(
            exchanger: exchanger, pusher: pusher, listener: listener, session: session,
            identifier: FixedAccountIdentifier(account: "alice"), authorizationEndpoint: endpoint,
            clientID: "stories-cli", discovery: discovery)
    }

    static func metadata(
        grants: [String] = ["authorization_code"], methods: [String] = ["S256"]
    )
        -> AuthorizationServerMetadata
    {
        AuthorizationServerMetadata(
            issuer: "https://login.example.com",
            authorizationEndpoint: URL(string: "https://login.example.com/authorize?tenant=t")!,
            tokenEndpoint: URL(string: "https://login.example.com/token")!,
            grantTypesSupported: grants, codeChallengeMethodsSupported: methods)
    }

    @Test("Signs in at the page the server's metadata names and expects its issuer in the redirect")
    func usesDiscoveredEndpoint() async throws {
        let listener = ScriptedRedirectListener()
        let request = try await Self.service(
            listener: listener, discovery: .publishing(Self.metadata())
        ).startBrowserSignIn()
        #expect(request.authorizationURL.absoluteString.hasPrefix("https://login.example.com/authorize?tenant=t&"))
        #expect(listener.issuers == [ExpectedIssuer("https://login.example.com", isRequired: false)])
    }

    @Test("A server that publishes a PAR endpoint is pushed the request, and the page's URL carries only the reference")
    func pushesWhenPublished() async throws {
        var metadata = Self.metadata()
        metadata.pushedAuthorizationRequestEndpoint = URL(string: "https://login.example.com/par")!
        let listener = ScriptedRedirectListener()
        let pusher = RecordingRequestPusher()
        let request = try await Self.service(listener: listener, discovery: .publishing(metadata), pusher: pusher)
            .startBrowserSignIn()
        #expect(
            request.authorizationURL.absoluteString
                == "https://login.example.com/authorize?tenant=t&client_id=stories-cli&request_uri="
                + "urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3Aref-1")
        let push = try #require(pusher.pushes.first)
        #expect(pusher.pushes.count == 1)
        #expect(push.server.pushedAuthorizationRequestEndpoint == URL(string: "https://login.example.com/par")!)
        #expect(push.request.state == listener.states.first)
        #expect(push.request.redirectURI == ScriptedRedirectListener.redirectURI)
        #expect(!request.authorizationURL.absoluteString.contains(push.request.state.value))
        #expect(!request.authorizationURL.absoluteString.contains(push.request.pkce.challenge))
    }

    @Test("A server that publishes no PAR endpoint gets the plain request, and nothing is pushed")
    func plainWithoutPAR() async throws {
        let pusher = RecordingRequestPusher()
        let request = try await Self.service(discovery: .publishing(Self.metadata()), pusher: pusher)
            .startBrowserSignIn()
        #expect(request.authorizationURL.absoluteString.contains("code_challenge="))
        #expect(pusher.pushes.isEmpty)
    }

    @Test(
        "A server that requires pushed requests but publishes no endpoint is browserSignInUnsupported; the listener closes"
    )
    func requiredButUnpublished() async throws {
        var metadata = Self.metadata()
        metadata.requiresPushedAuthorizationRequests = true
        let listener = ScriptedRedirectListener()
        let service = Self.service(listener: listener, discovery: .publishing(metadata))
        await #expect(throws: OnboardingError.browserSignInUnsupported) { try await service.startBrowserSignIn() }
        #expect(listener.closeCount == 1)
    }

    @Test("A refused push is reported when starting, and the listener closes")
    func refusedPush() async throws {
        var metadata = Self.metadata()
        metadata.pushedAuthorizationRequestEndpoint = URL(string: "https://login.example.com/par")!
        let listener = ScriptedRedirectListener()
        let pusher = RecordingRequestPusher(answering: .failure(.unavailable(status: 503, retryAfter: nil)))
        let service = Self.service(listener: listener, discovery: .publishing(metadata), pusher: pusher)
        await #expect(throws: OnboardingError.self) { try await service.startBrowserSignIn() }
        #expect(listener.closeCount == 1)
    }

    @Test("A server whose metadata says it sends iss has every redirect checked for it (RFC 9207 §2.4)")
    func issuerRequiredWhenAnnounced() async throws {
        var metadata = Self.metadata()
        metadata.sendsIssuerInRedirects = true
        let listener = ScriptedRedirectListener()
        _ = try await Self.service(listener: listener, discovery: .publishing(metadata)).startBrowserSignIn()
        #expect(listener.issuers == [ExpectedIssuer("https://login.example.com", isRequired: true)])
    }

    @Test("A server without metadata is asked at the documented page, with no issuer to compare")
    func withoutMetadata() async throws {
        let listener = ScriptedRedirectListener()
        let request = try await Self.service(listener: listener, discovery: .nothingPublished)
            .startBrowserSignIn()
        #expect(request.authorizationURL.absoluteString.hasPrefix(Self.endpoint.absoluteString + "?"))
        #expect(listener.issuers == [nil])
    }

    @Test(
        "A server whose metadata offers no browser sign-in is browserSignInUnsupported, and nothing listens",
        arguments: [metadata(grants: ["urn:ietf:params:oauth:grant-type:device_code"]), metadata(methods: ["plain"])])
    func unsupported(metadata: AuthorizationServerMetadata) async {
        let listener = ScriptedRedirectListener()
        let service = Self.service(listener: listener, discovery: .publishing(metadata))
        await #expect(throws: OnboardingError.browserSignInUnsupported) { try await service.startBrowserSignIn() }
        #expect(listener.states.isEmpty)
    }

    @Test("Metadata that names another issuer is a malformed answer, and nothing listens")
    func untrustedMetadata() async {
        let failure = AuthorizationServerMetadataError.issuerMismatch(
            expected: "https://a.test", received: "https://b.test")
        let listener = ScriptedRedirectListener()
        let service = Self.service(listener: listener, discovery: .failing(failure))
        await #expect(throws: OnboardingError.malformedResponse(FailureCause(failure))) {
            try await service.startBrowserSignIn()
        }
        #expect(listener.states.isEmpty)
    }

    static func query(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test("Starting listens for the state it puts in the page's URL, with the challenge and the listener's URI")
    func startBuildsPage() async throws {
        let listener = ScriptedRedirectListener()
        let metadata = AuthorizationServerMetadata(
            issuer: "https://api.example.com", authorizationEndpoint: Self.endpoint,
            tokenEndpoint: URL(string: "https://api.example.com/v1/oauth/token")!,
            grantTypesSupported: ["authorization_code"], codeChallengeMethodsSupported: ["S256"])
        let request = try await Self.service(listener: listener, discovery: .publishing(metadata))
            .startBrowserSignIn()
        let query = Self.query(request.authorizationURL)
        #expect(request.authorizationURL.absoluteString.hasPrefix("https://api.example.com/oauth/authorize?"))
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == "stories-cli")
        #expect(query["redirect_uri"] == ScriptedRedirectListener.redirectURI)
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["code_challenge"]?.count == 43)
        #expect(listener.states.map(\.value) == [query["state"]])
        #expect(listener.issuers == [ExpectedIssuer("https://api.example.com", isRequired: false)])
        #expect(query["resource"] == nil)
    }

    @Test("The code goes to the token endpoint of the server discovery found, which the session then remembers")
    func exchangesAtDiscoveredServer() async throws {
        let exchanger = RecordingCodeExchanger(answering: .success(Self.grant))
        let session = ScriptedSession()
        let discovery = ScriptedDiscovery.publishing(Self.metadata(), resource: "https://api.example.com/v1")
        let service = Self.service(exchanger: exchanger, session: session, discovery: discovery)
        let request = try await service.startBrowserSignIn()
        #expect(Self.query(request.authorizationURL)["resource"] == "https://api.example.com/v1")
        _ = try await service.completeBrowserSignIn(request)
        let expected = try discovery.answer.get().server
        #expect(expected.tokenEndpoint == URL(string: "https://login.example.com/token"))
        #expect(exchanger.exchanges.map(\.server) == [expected])
        #expect(await session.issuers == [expected])
    }

    @Test("Completing exchanges the code with the verifier of the page's challenge, then stores the named account")
    func completeSignsIn() async throws {
        let exchanger = RecordingCodeExchanger(answering: .success(Self.grant))
        let session = ScriptedSession(signedInAs: "demo")
        let service = Self.service(exchanger: exchanger, session: session)
        let request = try await service.startBrowserSignIn()
        let result = try await service.completeBrowserSignIn(request)
        let exchange = try #require(exchanger.exchanges.first)
        #expect(exchanger.exchanges.count == 1)
        #expect(exchange.code == Secret("code-1"))
        #expect(exchange.redirectURI == ScriptedRedirectListener.redirectURI)
        #expect(
            PKCE.challenge(for: exchange.codeVerifier.unredacted)
                == Self.query(request.authorizationURL)["code_challenge"])
        #expect(!request.authorizationURL.absoluteString.contains(exchange.codeVerifier.unredacted))
        #expect(result.session.account == "alice")
        #expect(result.previouslyActiveAccount == "demo")
        #expect(await session.credential?.accessToken == Secret("browser-access"))
    }

    @Test("Every sign-in gets its own state and verifier")
    func freshSecretsEachTime() async throws {
        let listener = ScriptedRedirectListener()
        let service = Self.service(listener: listener)
        let first = try await service.startBrowserSignIn()
        let second = try await service.startBrowserSignIn()
        #expect(listener.states.count == 2 && listener.states[0] != listener.states[1])
        #expect(
            Self.query(first.authorizationURL)["code_challenge"]
                != Self.query(second.authorizationURL)["code_challenge"])
        #expect(first.id != second.id)
    }

    @Test(
        "A redirect without a usable code ends in its own error, exchanges nothing and stores nothing",
        arguments: [
            (AuthorizationRedirectError.denied(description: "no"), OnboardingError.browserSignInDenied),
            (.timedOut(after: .seconds(300)), .browserSignInTimedOut),
            (.cancelled, .cancelled),
            (
                .refused(code: "invalid_request", description: "bad"),
                .browserSignInRefused(code: "invalid_request", description: "bad")
            ),
            (.refused(code: "invalid_request_uri", description: "forgotten"), .browserSignInForgotten),
            (.stateMismatch, .browserSignInRedirectInvalid(FailureCause(AuthorizationRedirectError.stateMismatch))),
            (.missingCode, .browserSignInRedirectInvalid(FailureCause(AuthorizationRedirectError.missingCode))),
        ])
    func redirectFailures(failure: AuthorizationRedirectError, expected: OnboardingError) async throws {
        let exchanger = RecordingCodeExchanger(answering: .success(Self.grant))
        let session = ScriptedSession()
        let service = Self.service(
            listener: ScriptedRedirectListener(answering: .failure(failure)), exchanger: exchanger, session: session)
        let request = try await service.startBrowserSignIn()
        await #expect(throws: expected) { try await service.completeBrowserSignIn(request) }
        #expect(exchanger.exchanges.isEmpty)
        #expect(await session.credential == nil)
    }

    @Test("A code the token endpoint refuses is a refused sign-in, not a wrong password, and stores nothing")
    func refusedCode() async throws {
        let session = ScriptedSession()
        let service = Self.service(
            exchanger: RecordingCodeExchanger(answering: .failure(.invalidGrant(description: "spent"))),
            session: session)
        let request = try await service.startBrowserSignIn()
        await #expect(throws: OnboardingError.browserSignInRefused(code: "invalid_grant", description: "spent")) {
            try await service.completeBrowserSignIn(request)
        }
        #expect(await session.credential == nil)
    }

    @Test("A request is completed once: the second time it is unknown and nothing is exchanged again")
    func completesOnce() async throws {
        let exchanger = RecordingCodeExchanger(answering: .success(Self.grant))
        let service = Self.service(exchanger: exchanger)
        let request = try await service.startBrowserSignIn()
        _ = try await service.completeBrowserSignIn(request)
        do {
            _ = try await service.completeBrowserSignIn(request)
            Issue.record("completed twice")
        } catch {
            guard case .unexpected = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(exchanger.exchanges.count == 1)
    }

    @Test("An unusable listener is reported when starting, before any page is shown")
    func listenerFails() async throws {
        struct NoListener: AuthorizationRedirectListening {
            func listen(
                state: AuthorizationState, issuer: ExpectedIssuer?
            ) async throws(AuthorizationRedirectError) -> any AuthorizationRedirectReceiving {
                throw .listenerUnavailable(errno: 98)
            }
        }
        let service = APIBrowserSignInService(
            exchanger: RecordingCodeExchanger(answering: .success(Self.grant)), pusher: RecordingRequestPusher(),
            listener: NoListener(),
            session: ScriptedSession(), identifier: FixedAccountIdentifier(account: "alice"),
            authorizationEndpoint: Self.endpoint, clientID: "stories-cli", discovery: ScriptedDiscovery.nothingPublished
        )
        await #expect(
            throws: OnboardingError.unexpected(FailureCause(AuthorizationRedirectError.listenerUnavailable(errno: 98)))
        ) { try await service.startBrowserSignIn() }
    }
}
