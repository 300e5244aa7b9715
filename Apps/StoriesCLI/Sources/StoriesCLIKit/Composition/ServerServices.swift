import APIClient
import APIClientLive
import Authorization
import Foundation
import OnboardingData
import OnboardingDomain
import StoriesData
import StoriesDomain

/// The live services of one server for one command: its session, the API, and the feature services over them.
/// Built by `CompositionRoot`; commands see only the roles (`OnboardingService`, `StoryService`, …).
struct ServerServices: Sendable {
    let session: SessionCoordinator
    let api: any APIProtocol
    var transport: LazyHTTPClientTransport?
    let deviceAuthorizer: any DeviceAuthorizing
    let codeExchanger: any AuthorizationCodeExchanging
    let discovery: any AuthorizationServerDiscovering
    let accountIdentifier: any AccountIdentifying
    let serverURL: URL

    let now: @Sendable () -> Date

    /// Register, sign in and out, who am I — for this server.
    var onboarding: any OnboardingService {
        APIOnboardingService(api: api, session: session, now: now)
    }

    /// Device sign-in (RFC 8628) for this server, polling with real sleeps.
    var deviceSignIn: any DeviceSignInService {
        APIDeviceSignInService(
            authorizer: deviceAuthorizer, session: session, identifier: accountIdentifier, now: now)
    }

    /// Browser sign-in (authorization code with PKCE, RFC 8252) for this server: the sign-in page its RFC 8414
    /// metadata names (else `/oauth/authorize` at the root of its origin, where `stories-server` serves it), and
    /// a loopback listener for the way back.
    var browserSignIn: any BrowserSignInService {
        APIBrowserSignInService(
            exchanger: codeExchanger, listener: LoopbackRedirectListener(applicationName: CompositionRoot.clientID),
            session: session,
            identifier: accountIdentifier,
            authorizationEndpoint: CompositionRoot.authorizationEndpoint(for: serverURL),
            clientID: CompositionRoot.clientID,
            issuer: nil, discovery: discovery)
    }

    /// Stories from this server.
    var stories: any StoryService { APIStoryService(api: api, now: now) }

    func shutdown() async {
        await transport?.shutdown()
    }
}
