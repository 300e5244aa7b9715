import Authorization
import DomainFailure
import Foundation
import OnboardingDomain
import Synchronization

/// `BrowserSignInService` over a loopback redirect listener, the authorization code grant with PKCE (RFC 6749 §4.1,
/// RFC 7636 S256, RFC 8252) at the authorization server discovery finds, and the session.
///
/// Each sign-in gets a new verifier and state from the system's secure generator. The verifier stays in this
/// service, keyed by the request's id, until the code is exchanged. When the server publishes a pushed authorization
/// request endpoint (RFC 9126), the request is pushed there and the page's URL carries only `client_id` and the
/// one-time `request_uri`; otherwise it carries the challenge and the state. The listener checks the state before anything in the redirect is believed; the code is exchanged with
/// the listener's redirect URI, and the tokens are stored as the account `/me` names, on the password sign-in's path.
public final class APIBrowserSignInService: BrowserSignInService {
    private struct Pending: Sendable {
        let receiver: any AuthorizationRedirectReceiving
        let pkce: PKCE
        let server: AuthorizationServer
    }

    /// Thrown (as the cause of `unexpected`) when a request is completed that this service is not waiting for: one
    /// it did not start, or one already completed.
    public struct UnknownRequest: Error, Equatable, Sendable {}

    private let exchanger: any AuthorizationCodeExchanging
    private let pusher: any AuthorizationRequestPushing
    private let listener: any AuthorizationRedirectListening
    private let session: any SessionManaging
    private let identifier: any AccountIdentifying
    private let authorizationEndpoint: URL
    private let clientID: String
    private let scope: String?
    private let discovery: any AuthorizationServerDiscovering
    private let pending = Mutex<[UUID: Pending]>([:])

    /// - Parameters:
    ///   - exchanger: the token endpoint (a client without authorisation).
    ///   - pusher: pushes the request when the server's metadata names a pushed authorization request endpoint, or
    ///     requires pushed requests (then, without an endpoint, the sign-in is `browserSignInUnsupported`).
    ///   - listener: opens the loopback listener the browser is sent back to.
    ///   - session: where the tokens are stored, under the same lock as a password sign-in.
    ///   - identifier: names the account the tokens belong to; the token response does not.
    ///   - authorizationEndpoint: the sign-in page where the contract puts it, used when no metadata is published.
    ///   - clientID: the public client id the page and the token endpoint are given.
    ///   - scope: the scope to ask for, if any.
    ///   - discovery: finds the authorization server. When it publishes metadata, its sign-in page is used, a
    ///     redirect naming another issuer (`iss`, RFC 9207) is refused, and a server that lists no authorization
    ///     code grant or no S256 is `browserSignInUnsupported`. The code is exchanged at its token endpoint, and the
    ///     session remembers it.
    public init(
        exchanger: any AuthorizationCodeExchanging,
        pusher: any AuthorizationRequestPushing,
        listener: any AuthorizationRedirectListening,
        session: any SessionManaging,
        identifier: any AccountIdentifying,
        authorizationEndpoint: URL,
        clientID: String,
        scope: String? = nil,
        discovery: any AuthorizationServerDiscovering
    ) {
        self.exchanger = exchanger
        self.pusher = pusher
        self.listener = listener
        self.session = session
        self.identifier = identifier
        self.authorizationEndpoint = authorizationEndpoint
        self.clientID = clientID
        self.scope = scope
        self.discovery = discovery
    }

    public func startBrowserSignIn() async throws(OnboardingError) -> BrowserSignInRequest {
        let discovered = try await discovery.serverForSignIn()
        var endpoint = authorizationEndpoint
        var issuer: ExpectedIssuer?
        var pushTo: AuthorizationServer?
        if let metadata = discovered.metadata {
            guard metadata.offersBrowserSignIn, let page = metadata.authorizationEndpoint else {
                throw .browserSignInUnsupported
            }
            endpoint = page
            issuer = metadata.expectedIssuer
            if metadata.pushedAuthorizationRequestEndpoint != nil || metadata.requiresPushedAuthorizationRequests {
                var server = discovered.server
                server.pushedAuthorizationRequestEndpoint = metadata.pushedAuthorizationRequestEndpoint
                pushTo = server
            }
        }
        let state = AuthorizationState.generate()
        let pkce = PKCE.generate()
        let receiver: any AuthorizationRedirectReceiving
        do {
            receiver = try await listener.listen(state: state, issuer: issuer)
        } catch {
            throw Self.onboardingError(error)
        }
        let request = AuthorizationCodeRequest(
            endpoint: endpoint, clientID: clientID, redirectURI: receiver.redirectURI, pkce: pkce,
            state: state, scope: scope, resource: discovered.server.resource)
        var url = request.url
        if let pushTo {
            do {
                url = request.url(pushed: try await pusher.pushAuthorizationRequest(request, at: pushTo))
            } catch {
                await receiver.close()
                throw OnboardingError(error)
            }
        }
        let id = UUID()
        pending.withLock { $0[id] = Pending(receiver: receiver, pkce: pkce, server: discovered.server) }
        return BrowserSignInRequest(authorizationURL: url, id: id)
    }

    public func completeBrowserSignIn(_ request: BrowserSignInRequest) async throws(OnboardingError) -> SignInResult {
        guard let pending = pending.withLock({ $0.removeValue(forKey: request.id) }) else {
            throw .unexpected(FailureCause(UnknownRequest()))
        }
        let code: Secret
        do {
            // Closes the listener whatever it returns.
            code = try await pending.receiver.code()
        } catch {
            throw Self.onboardingError(error)
        }
        guard !Task.isCancelled else { throw .cancelled }
        let grant: TokenGrant
        do {
            grant = try await exchanger.exchangeAuthorizationCode(
                code, redirectURI: pending.receiver.redirectURI, codeVerifier: pending.pkce.verifier,
                at: pending.server)
        } catch .invalidGrant(let description) {
            // A code that expired, was spent, or does not match the verifier: not a wrong password.
            throw .browserSignInRefused(code: "invalid_grant", description: description)
        } catch {
            throw OnboardingError(error)
        }
        do {
            return SignInResult(
                try await session.signIn(with: grant, identifiedBy: identifier, issuedBy: pending.server))
        } catch {
            throw OnboardingError(error)
        }
    }

    static func onboardingError(_ error: AuthorizationRedirectError) -> OnboardingError {
        switch error {
        case .denied: .browserSignInDenied
        case .timedOut: .browserSignInTimedOut
        case .cancelled: .cancelled
        // RFC 9126 §4 with RFC 9101 §6.3: the server forgot the pushed request the page was opened with.
        case .refused(code: "invalid_request_uri", _): .browserSignInForgotten
        case .refused(let code, let description): .browserSignInRefused(code: code, description: description)
        case .missingState, .stateMismatch, .missingCode, .repeatedParameter, .issuerMismatch, .missingIssuer:
            .browserSignInRedirectInvalid(FailureCause(error))
        case .listenerUnavailable: .unexpected(FailureCause(error))
        }
    }
}
