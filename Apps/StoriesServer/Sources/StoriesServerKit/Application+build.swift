import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenAPIRuntime
import ServiceLifecycle
import StoriesServerAPI

/// Builds the reference server: every operation of the spec under `/v1`, demo stories, and either its own
/// authorization server with the demo account, or, with `configuration.authorizationServer`, the tokens of an external
/// one, checked by introspection.
///
/// With an external authorization server, its metadata is fetched here, before the server listens, and this throws
/// `StartupFailure` when it cannot be used. The application then owns an HTTP client that running it shuts down, so
/// run it (a test can use HummingbirdTesting's `.live`, which does).
///
/// - Parameters:
///   - configuration: the options `stories-server` was started with.
///   - environment: the clock and the token source; tests replace them.
///   - logger: where the access log and the server's own lines go.
///   - onReady: called once the server listens, with its base URL (useful with port 0).
public func buildApplication(
    configuration: ServerConfiguration,
    environment: ServerEnvironment = .live,
    logger: Logger,
    onReady: @escaping @Sendable (URL) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    try await buildApplication(
        configuration: configuration, environment: environment, seams: ServerSeams(), logger: logger,
        onReady: onReady)
}

/// What tests replace beyond the clock and the random source: how clients are told apart, the limits, and the
/// password hash.
struct ServerSeams: Sendable {
    var clientIdentification = ClientIdentification.peer
    var limits = AuthorizationServerLimits.standard
    var passwordHashing = PasswordHashing.bcrypt
}

/// `buildApplication(configuration:environment:logger:onReady:)` with `seams` replaced.
func buildApplication(
    configuration: ServerConfiguration,
    environment: ServerEnvironment,
    seams: ServerSeams,
    logger: Logger,
    onReady: @escaping @Sendable (URL) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let accounts = AccountDirectory(passwordHashCost: configuration.passwordHashCost, hashing: seams.passwordHashing)
    let tokens = TokenAuthority(
        accessTokenLifetime: configuration.accessTokenLifetime,
        refreshTokenLifetime: configuration.refreshTokenLifetime,
        reuseInterval: configuration.refreshTokenReuseInterval,
        environment: environment
    )
    let grants = AuthorizationGrants(configuration: configuration, environment: environment, limits: seams.limits)
    let catalog = StoryCatalog(count: configuration.storyCount, newest: environment.now(), configuration: .stories)
    let trust = try await TokenTrust.make(
        configuration: configuration, tokens: tokens, origin: grants.origin, environment: environment, logger: logger)
    if trust.issuer == .itself {
        _ = try await accounts.register(
            username: ServerConfiguration.demoUsername,
            password: ServerConfiguration.demoPassword,
            displayName: "Demo User",
            now: environment.now()
        )
    }
    // One checker for the token endpoint and the API, so that they share the replay cache and the nonces.
    let dpop = DPoPProofChecker(mode: configuration.dpop, environment: environment)
    let backend = StoriesBackend(
        accounts: accounts,
        catalog: catalog,
        grants: grants,
        environment: environment,
        logger: logger,
        tokenIssuer: trust.issuer,
        dpop: dpop
    )
    // With an external authorization server, registration is not routed either: its accounts sign in there.
    let unrouted = trust.issuer == .itself ? [] : StoriesBackend.ownAccountPaths
    let router = Router(context: StoriesRequestContext.self)
    router.add(middleware: AccessLogMiddleware(logger: logger))
    router.add(middleware: ClientAddressMiddleware(identification: seams.clientIdentification))
    var allowedMethods = StoriesBackend.methodsByPath.filter { !unrouted.contains($0.key) }
    if trust.issuer == .itself {
        allowedMethods.merge(AuthorizationServerBackend.methodsByPath) { stories, _ in stories }
    }
    router.add(
        middleware: MethodNotAllowedMiddleware(basePath: ServerConfiguration.basePath, allowedMethods: allowedMethods))
    // Both contracts are served under the base path, and the metadata documents at the origin's root as well.
    let transport = OriginAliasTransport(
        base: OpenAPIRouterTransport(router: router), basePath: ServerConfiguration.basePath,
        aliases: StoriesBackend.originRootPaths.merging(AuthorizationServerBackend.originRootPaths) { a, _ in a })
    try backend.registerHandlers(
        on: ExcludingTransport(base: transport, basePath: ServerConfiguration.basePath, excludedPaths: unrouted),
        serverURL: URL(fileURLWithPath: ServerConfiguration.basePath),
        configuration: .stories,
        middlewares: [
            RequestRejectionMiddleware(shape: .problem),
            BearerAuthenticationMiddleware(
                verifier: trust.verifier, challenges: backend.challenges,
                publicOperationIDs: StoriesBackend.publicOperationIDs, dpop: dpop, logger: logger),
            // After the bearer check: it answers only for a signed-in user.
            EncodedStoryPageMiddleware(catalog: catalog),
        ]
    )
    if trust.issuer == .itself {
        let authorizationServer = AuthorizationServerBackend(
            accounts: accounts, tokens: tokens, grants: grants, logger: logger, dpop: dpop)
        try authorizationServer.registerHandlers(
            on: transport,
            serverURL: URL(fileURLWithPath: ServerConfiguration.basePath),
            configuration: .stories,
            middlewares: [
                RequestRejectionMiddleware(shape: .oauth),
                IntrospectionClientMiddleware(client: configuration.introspectionClient, logger: logger),
                // After the introspection client's check, which answers 401 before the body is read.
                FormBodyMiddleware(operationIDs: AuthorizationServerBackend.formOperationIDs),
            ]
        )
    }
    if trust.issuer == .itself {
        // The pages where a person signs in are plain routes: HTML forms, not operations of the API.
        AuthorizationPage(
            signIn: grants.passwordSignIn(accounts), grants: grants,
            forms: grants.formTokens(for: AuthorizationRequest.self, environment: environment),
            clientID: AuthorizationServerBackend.clientID, logger: logger
        ).register(on: router)
        DeviceVerificationPage(
            signIn: grants.passwordSignIn(accounts), devices: grants.devices,
            userCodeThrottle: grants.userCodeThrottle,
            forms: grants.formTokens(for: DeviceVerificationForm.self, environment: environment), logger: logger
        ).register(on: router)
    }
    let host = configuration.host
    // The framework's own start-up line would duplicate "Listening on"; our lines (requests, tokens) stay at info.
    var frameworkLogger = logger
    frameworkLogger.logLevel = max(logger.logLevel, .notice)
    return Application(
        router: router,
        server: .boundedHTTP1(
            configuration.connections,
            connections: ConnectionsPerClient(limit: configuration.connections.connectionsPerClient)),
        configuration: .init(address: .hostname(host, port: configuration.port), serverName: "stories-server"),
        services: trust.services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            let listenOrigin = PublicOrigin.origin(host: host, port: port)
            if configuration.publicURL == nil { grants.origin.update(listenOrigin) }
            if let url = URL(string: listenOrigin + ServerConfiguration.basePath) {
                await onReady(url)
            }
        },
        logger: frameworkLogger
    )
}

/// Whose tokens the server accepts, how it checks them, and the services that checking needs.
private struct TokenTrust {
    var issuer: TokenIssuer
    var verifier: any AccessTokenVerifying
    var services: [any Service] = []

    static func make(
        configuration: ServerConfiguration, tokens: TokenAuthority, origin: PublicOrigin,
        environment: ServerEnvironment, logger: Logger
    ) async throws(StartupFailure) -> TokenTrust {
        guard let external = configuration.authorizationServer else {
            return TokenTrust(issuer: .itself, verifier: tokens)
        }
        let client = OutgoingHTTP.makeClient(timeout: external.timeout)
        let http = OutgoingHTTP(client: client, timeout: external.timeout, responseLimit: external.responseLimit)
        let endpoint: String
        do {
            endpoint = try await AuthorizationServerDiscovery(http: http).introspectionEndpoint(of: external.issuer)
        } catch {
            try? await client.shutdown()
            throw error
        }
        logger.info("authorization_server issuer=\(external.issuer) introspection_endpoint=\(endpoint)")
        let verifier = IntrospectingTokenVerifier(
            introspector: RemoteIntrospector(http: http, endpoint: endpoint, client: external.client), origin: origin,
            environment: environment, logger: logger)
        return TokenTrust(
            issuer: .external(issuer: external.issuer), verifier: verifier,
            services: [HTTPClientShutdown(client: client)])
    }
}

extension StoriesBackend {
    /// The paths of the Stories API's contract and the methods each one defines (a test pins this table to it).
    static let methodsByPath: [String: [HTTPRequest.Method]] = [
        "/health": [.get], "/users": [.post], "/me": [.get], "/stories": [.get], "/stories/{storyId}": [.get],
        "/.well-known/oauth-protected-resource": [.get],
    ]

    /// Registration, whose accounts sign in at the server's own authorization server: with an external one it is not
    /// routed (and neither are the authorization server's endpoints and sign-in pages).
    static let ownAccountPaths: Set<String> = ["/users"]

    /// Paths also served at the origin's root, and where (see `OriginAliasTransport`).
    static let originRootPaths: [String: String] = [
        ProtectedResourceLocation.wellKnownPath: ProtectedResourceLocation.rootPath
    ]

    /// Operations the contract does not secure with the bearer token (`security: []`).
    static let publicOperationIDs: Set<String> = [
        Operations.GetHealth.id, Operations.RegisterUser.id, Operations.GetProtectedResourceMetadata.id,
    ]
}
