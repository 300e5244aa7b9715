import APIClient
import Authorization
import AuthorizationServerClient
import Foundation
import Logging
import OpenAPIRuntime
import RFC3339

/// The live client graph every front needs, over any transport, credentials store and cross-process lock: the session
/// coordinator, the generated client with the authorisation middleware, and the clients that must not carry the
/// session's token (the authorization server's endpoints, discovery, and `/me` with a token not yet stored).
///
/// The middleware order is the point of this type:
/// - `api`: logging, then authorisation (so a retry after a 401 is logged and bounded like the first try), then the
///   transport failure classification, then the per-operation bounds (inside the authorisation middleware, so that the
///   retry gets a deadline of its own), then, next to the transport, the observation of each response's head before
///   its body is read (`ResponseHeadObservation`: how `list --all` asks for the next page early).
/// - `rawAPI`: the very same middlewares, for requests the contract does not describe (`stories-cli api`).
/// - the authorization server's endpoints and discovery: routing to the URL the metadata names, then logging,
///   classification and the token request's bounds, no authorisation: they are how tokens are obtained.
public struct LiveAPIClient: Sendable {
    /// The session of the server's origin: tokens, refreshes, sign-in and sign-out.
    public let session: SessionCoordinator
    /// The API, every request authorised by `session`.
    public let api: any APIClient.APIProtocol
    /// Requests the contract does not describe, through the same middlewares as `api`.
    public let rawAPI: RawAPIClient
    /// The token, device authorization and revocation endpoints (RFC 6749, 8628, 7009) of whichever authorization
    /// server a request names.
    public let tokenEndpoint: TokenEndpoint
    /// Finds the API's authorization server (RFC 9728, RFC 8414).
    public let discovery: AuthorizationServerDiscovery
    /// Asks `/me` with tokens a sign-in obtained, before they are stored.
    public let accountIdentifier: CurrentUserAccountIdentifier

    /// - Parameters:
    ///   - serverURL: the API's base URL; its origin must be one `ServerOrigin` accepts.
    ///   - account: the account whose session `session` serves; `nil` for the active one.
    ///   - clientID: the public client id presented to the token endpoint.
    ///   - store: where the sessions are kept.
    ///   - lock: what serialises refreshes, sign-ins and sign-outs with other processes that share `store`.
    ///   - transport: the HTTP transport every generated client sends through.
    ///   - limits: the deadlines and size limits of every request (`ConnectionLimits.standard`).
    ///   - clock: what the request deadlines are timed by (`EventLoopClock` over a `LazyHTTPClientTransport`).
    ///   - interruptions: how a save of rotated tokens defers the process's termination signals.
    ///   - logger: where `RequestLoggingMiddleware` writes, secrets redacted.
    ///   - now: the wall clock that token expiry is measured by.
    public init(
        serverURL: URL,
        account: String? = nil,
        clientID: String,
        store: any CredentialsStoring,
        lock: any CrossProcessLock,
        transport: any ClientTransport,
        limits: ConnectionLimits,
        clock: any Clock<Duration> = ContinuousClock(),
        interruptions: any InterruptionDeferral,
        logger: Logger,
        now: @escaping @Sendable () -> Date
    ) throws(ServerOriginError) {
        let origin = try ServerOrigin(serverURL)
        let logging = RequestLoggingMiddleware(logger: logger)
        let transportFailures = TransportFailureMiddleware(classify: HTTPClientFailureClassifier.classify)
        let tokenBounds = BoundedResponseMiddleware(clock: clock) { _ in
            .init(deadline: limits.tokenRequestDeadline, maximumBytes: limits.maximumTokenResponseBytes)
        }
        // One date transcoder for every client: lock-free, and it reads fractional seconds, which the runtime's
        // default refuses.
        let configuration = Configuration(dateTranscoder: RFC3339DateTranscoder())
        // Without authorisation, each operation named in `routes` sent to its URL: the authorization server's
        // endpoints and metadata are wherever its metadata puts them, and the API's own metadata (RFC 9728) at the
        // origin's root.
        let middlewares = { @Sendable (routes: [String: URL]) -> [any ClientMiddleware] in
            [EndpointRoutingMiddleware(routes: routes), logging, transportFailures, tokenBounds]
        }
        let authorizationServerClient = { @Sendable (routes: [String: URL]) in
            AuthorizationServerClient.Client(
                serverURL: serverURL, configuration: configuration, transport: transport,
                middlewares: middlewares(routes))
        }
        let unauthorizedClient = { @Sendable (routes: [String: URL]) in
            APIClient.Client(
                serverURL: serverURL, configuration: configuration, transport: transport,
                middlewares: middlewares(routes))
        }
        // One DPoP proof maker for token requests and API calls: the nonces servers send are kept per origin. Its
        // `iat` is the wall clock's, not `now`'s: servers compare it with their own clocks, whatever time the session
        // code is shown (tests move `now` to expire tokens).
        let dpop = DPoPProofing()
        let tokenEndpoint = TokenEndpoint(clientID: clientID, now: now, dpop: dpop) { server in
            var routes = [AuthorizationServerClient.Operations.CreateToken.id: server.tokenEndpoint]
            routes[AuthorizationServerClient.Operations.CreateDeviceAuthorization.id] =
                server.deviceAuthorizationEndpoint
            routes[AuthorizationServerClient.Operations.RevokeToken.id] = server.revocationEndpoint
            routes[AuthorizationServerClient.Operations.CreatePushedAuthorizationRequest.id] =
                server.pushedAuthorizationRequestEndpoint
            return authorizationServerClient(routes)
        }
        let session = SessionCoordinator(
            origin: origin, account: account, store: store, tokenEndpoint: tokenEndpoint, lock: lock,
            interruptions: interruptions,
            now: now)
        let apiBounds = BoundedResponseMiddleware(clock: clock) { operationID in
            PublicOperations.contains(operationID)
                ? .init(deadline: limits.tokenRequestDeadline, maximumBytes: limits.maximumTokenResponseBytes)
                : .init(deadline: limits.requestDeadline, maximumBytes: limits.maximumResponseBytes)
        }
        self.session = session
        self.tokenEndpoint = tokenEndpoint
        let apiMiddlewares: [any ClientMiddleware] = [
            logging, AuthorizationMiddleware(session: session, dpop: dpop), transportFailures, apiBounds,
            ResponseHeadObservingMiddleware(),
        ]
        self.api = APIClient.Client(
            serverURL: serverURL, configuration: configuration, transport: transport, middlewares: apiMiddlewares)
        self.rawAPI = RawAPIClient(serverURL: serverURL, transport: transport, middlewares: apiMiddlewares)
        // A client like `api`, with the sign-in's token instead of the session's.
        self.accountIdentifier = CurrentUserAccountIdentifier(dpop: dpop) { bearer in
            APIClient.Client(
                serverURL: serverURL, configuration: configuration, transport: transport,
                middlewares: [logging, bearer, transportFailures, apiBounds])
        }
        self.discovery = AuthorizationServerDiscovery(
            serverURL: serverURL, api: unauthorizedClient([:]),
            resourceMetadataClient: { location in
                unauthorizedClient([APIClient.Operations.GetProtectedResourceMetadata.id: location])
            },
            serverMetadataClient: { location in
                authorizationServerClient([
                    AuthorizationServerClient.Operations.GetAuthorizationServerMetadata.id: location
                ])
            },
            cache: AuthorizationServerMetadataCache(now: now))
    }
}
