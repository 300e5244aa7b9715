import APIClient
import APIClientLive
import Authorization
import Foundation
import LoopbackRedirect
import OnboardingData
import OnboardingDomain
import StoriesData
import StoriesDomain

/// The live services of one server for one command: its session, the API, and the feature services over them.
/// Built by `CompositionRoot`; commands see only the roles (`OnboardingService`, `StoryService`, …).
struct ServerServices: Sendable {
    /// The server's live client graph: its session, its API and the clients that obtain tokens.
    let client: LiveAPIClient
    /// Shut down with these services; `nil` when the caller owns the transport (tests).
    var transport: LazyHTTPClientTransport?
    let serverURL: URL
    let now: @Sendable () -> Date

    /// The session of this server's origin.
    var session: SessionCoordinator { client.session }
    /// The API, every request authorised by `session`.
    var api: any APIProtocol { client.api }
    /// Finds the API's authorization server (RFC 9728, RFC 8414).
    var discovery: any AuthorizationServerDiscovering { client.discovery }

    /// Register, sign in and out, who am I — for this server.
    var onboarding: any OnboardingService {
        APIOnboardingService(api: api, session: session, discovery: discovery, now: now)
    }

    /// Device sign-in (RFC 8628) for this server, polling with real sleeps.
    var deviceSignIn: any DeviceSignInService {
        APIDeviceSignInService(
            authorizer: client.tokenEndpoint, discovery: discovery, session: session,
            identifier: client.accountIdentifier, now: now)
    }

    /// Browser sign-in (authorization code with PKCE, RFC 8252) for this server: the sign-in page its authorization
    /// server's metadata names (else `/oauth/authorize` at the root of its origin, where `stories-server` serves it),
    /// and a loopback listener for the way back.
    var browserSignIn: any BrowserSignInService {
        APIBrowserSignInService(
            exchanger: client.tokenEndpoint, pusher: client.tokenEndpoint,
            listener: LoopbackRedirectListener(applicationName: CompositionRoot.clientID), session: session,
            identifier: client.accountIdentifier,
            authorizationEndpoint: CompositionRoot.authorizationEndpoint(for: serverURL),
            clientID: CompositionRoot.clientID, discovery: discovery)
    }

    /// Stories from this server.
    var stories: any StoryService { APIStoryService(api: api, now: now) }

    /// How the server URL answers for the API's health resource, which the contract makes public (no token needed,
    /// so it can be asked before a sign-in). A failure is `.other`: the sign-in that follows meets the same server
    /// and reports it as every command does.
    func healthAnswer() async -> HealthAnswer {
        do {
            switch try await api.getHealth() {
            case .ok: return .ok
            case .undocumented(statusCode: 404, _): return .notFound
            case .undocumented: return .other
            }
        } catch {
            return .other
        }
    }

    enum HealthAnswer: Sendable {
        case ok, notFound, other
    }

    func shutdown() async {
        await transport?.shutdown()
    }
}
