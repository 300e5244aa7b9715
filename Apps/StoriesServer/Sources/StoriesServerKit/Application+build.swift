import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenAPIRuntime
import StoriesServerAPI

/// Builds the reference server: demo account, demo stories, every operation of the spec under `/v1`.
///
/// - Parameter onReady: called once the server listens, with its base URL (useful with port 0).
public func buildApplication(
    configuration: ServerConfiguration,
    environment: ServerEnvironment = .live,
    logger: Logger,
    onReady: @escaping @Sendable (URL) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let accounts = AccountDirectory(passwordHashCost: configuration.passwordHashCost)
    _ = try await accounts.register(
        username: ServerConfiguration.demoUsername,
        password: ServerConfiguration.demoPassword,
        displayName: "Demo User",
        now: environment.now()
    )
    let tokens = TokenAuthority(
        accessTokenLifetime: configuration.accessTokenLifetime,
        refreshTokenLifetime: configuration.refreshTokenLifetime,
        reuseInterval: configuration.refreshTokenReuseInterval,
        environment: environment
    )
    let grants = AuthorizationGrants(configuration: configuration, environment: environment)
    let catalog = StoryCatalog(count: configuration.storyCount, newest: environment.now(), configuration: .stories)
    let backend = StoriesBackend(
        accounts: accounts,
        tokens: tokens,
        catalog: catalog,
        grants: grants,
        environment: environment,
        logger: logger
    )
    let router = Router()
    router.add(middleware: AccessLogMiddleware(logger: logger))
    router.add(
        middleware: MethodNotAllowedMiddleware(
            basePath: ServerConfiguration.basePath, allowedMethods: StoriesBackend.methodsByPath))
    try backend.registerHandlers(
        on: OriginAliasTransport(
            base: OpenAPIRouterTransport(router: router), basePath: ServerConfiguration.basePath,
            aliases: StoriesBackend.originRootPaths),
        serverURL: URL(fileURLWithPath: ServerConfiguration.basePath),
        configuration: .stories,
        middlewares: [
            RequestRejectionMiddleware(),
            IntrospectionClientMiddleware(client: configuration.introspectionClient, logger: logger),
            BearerAuthenticationMiddleware(
                verifier: tokens, challenges: backend.challenges, publicOperationIDs: StoriesBackend.publicOperationIDs),
            // After the bearer check: it answers only for a signed-in user.
            EncodedStoryPageMiddleware(catalog: catalog),
        ]
    )
    // The pages where a person signs in are plain routes: HTML forms, not operations of the API.
    AuthorizationPage(
        accounts: accounts, grants: grants, forms: FormTokens(environment: environment),
        clientID: StoriesBackend.clientID, logger: logger
    ).register(on: router)
    DeviceVerificationPage(
        accounts: accounts, devices: grants.devices, forms: FormTokens(environment: environment), logger: logger
    ).register(on: router)
    let host = configuration.host
    // The framework's own start-up line would duplicate "Listening on"; our lines (requests, tokens) stay at info.
    var frameworkLogger = logger
    frameworkLogger.logLevel = max(logger.logLevel, .notice)
    return Application(
        router: router,
        configuration: .init(address: .hostname(host, port: configuration.port), serverName: "stories-server"),
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

extension StoriesBackend {
    /// The paths of the spec and the methods each one defines (a test pins this table to the spec).
    static let methodsByPath: [String: [HTTPRequest.Method]] = [
        "/health": [.get], "/oauth/token": [.post], "/oauth/revoke": [.post], "/users": [.post], "/me": [.get],
        "/stories": [.get], "/stories/{storyId}": [.get], "/oauth/device_authorization": [.post],
        "/.well-known/oauth-authorization-server": [.get], "/.well-known/oauth-protected-resource": [.get],
        "/oauth/introspect": [.post],
    ]

    /// Paths also served at the origin's root, and where (see `OriginAliasTransport`).
    static let originRootPaths: [String: String] = [
        "/.well-known/oauth-authorization-server": "/.well-known/oauth-authorization-server",
        ProtectedResourceLocation.wellKnownPath: ProtectedResourceLocation.rootPath,
    ]

    /// Operations the spec does not secure with the bearer token: `security: []`, and introspection, whose caller
    /// authenticates as a client (its handler checks).
    static let publicOperationIDs: Set<String> = [
        Operations.GetHealth.id, Operations.CreateToken.id, Operations.RevokeToken.id, Operations.RegisterUser.id,
        Operations.CreateDeviceAuthorization.id, Operations.GetAuthorizationServerMetadata.id,
        Operations.GetProtectedResourceMetadata.id, Operations.IntrospectToken.id,
    ]
}
