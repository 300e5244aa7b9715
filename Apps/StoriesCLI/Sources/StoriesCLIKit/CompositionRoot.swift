import APIClient
import AsyncHTTPClient
import Authorization
import CredentialsStore
import Foundation
import Logging
import NIOCore
import OnboardingData
import OnboardingDomain
import OnboardingPresentation
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import RFC3339
import StoriesData
import StoriesDomain
import StoriesPresentation

/// The only place that names concrete types. Commands ask it for what they need and never build anything themselves.
public enum CompositionRoot {
    /// The client id the CLI presents to the token endpoint (a public client: no secret).
    static let clientID = "stories-cli"

    /// Connection and session services for one invocation. Call `shutdown()` when done.
    public struct Services: Sendable {
        public let session: SessionCoordinator
        public let api: any APIProtocol
        let transport: LazyHTTPClientTransport?
        let deviceAuthorizer: any DeviceAuthorizing
        let codeExchanger: any AuthorizationCodeExchanging
        let discovery: any AuthorizationServerDiscovering
        let accountIdentifier: any AccountIdentifying
        let serverURL: URL

        let now: @Sendable () -> Date

        /// Register, sign in and out, who am I — for this server.
        public var onboarding: any OnboardingService {
            APIOnboardingService(api: api, session: session, now: now)
        }

        /// Device sign-in (RFC 8628) for this server, polling with real sleeps.
        public var deviceSignIn: any DeviceSignInService {
            APIDeviceSignInService(
                authorizer: deviceAuthorizer, session: session, identifier: accountIdentifier, now: now)
        }

        /// Browser sign-in (authorization code with PKCE, RFC 8252) for this server: the sign-in page its RFC 8414
        /// metadata names (else `/oauth/authorize` at the root of its origin, where `stories-server` serves it), and
        /// a loopback listener for the way back.
        public var browserSignIn: any BrowserSignInService {
            APIBrowserSignInService(
                exchanger: codeExchanger, listener: LoopbackRedirectListener(), session: session,
                identifier: accountIdentifier,
                authorizationEndpoint: CompositionRoot.authorizationEndpoint(for: serverURL), clientID: clientID,
                issuer: nil, discovery: discovery)
        }

        /// Stories from this server.
        public var stories: any StoryService { APIStoryService(api: api, now: now) }

        public func shutdown() async {
            await transport?.shutdown()
        }
    }

    /// Runs `body` with the live services and shuts them down afterwards, whatever happens. Session events
    /// (refreshes, failures, sign-outs) go to the `--verbose` log while it runs.
    ///
    /// - Parameter clientStart: when the HTTP client is created; `.atOnce` for a command whose work is a request to
    ///   the server (see `HTTPClientStart`).
    public static func withServices<Result: Sendable>(
        context: CommandContext,
        clientStart: HTTPClientStart = .onFirstRequest,
        _ body: (Services) async throws -> Result
    ) async throws -> Result {
        // Every command sends a password or a token: refuse an insecure URL before anything is opened or sent.
        try requireSecureTransport(context.server)
        let transport = makeTransport(limits: context.limits, proxy: context.proxy)
        if clientStart == .atOnce { transport.startCreatingClient() }
        let services: Services
        do {
            services = try makeServices(context: context, transport: transport)
        } catch {
            await transport.shutdown()
            throw error
        }
        let logger = context.logger
        let events = services.session.events
        let eventLog = Task {
            for await event in events { logger.info("session: \(event)") }
        }
        defer { eventLog.cancel() }
        do {
            let result = try await body(services)
            await services.shutdown()
            return result
        } catch {
            await services.shutdown()
            throw error
        }
    }

    /// The transport: AsyncHTTPClient, created by the first request (or at once, see `HTTPClientStart`), following no
    /// redirects, through the proxy `proxy` names.
    static func makeTransport(limits: ConnectionLimits, proxy: ProxyRoute) -> LazyHTTPClientTransport {
        var configuration = HTTPClient.Configuration()
        // Redirects are never followed: a token or a refresh token must not travel to another origin.
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(
            connect: limits.connectTimeout.timeAmount,
            read: limits.requestDeadline.timeAmount)
        // A CLI run makes a handful of requests: a refused connection should fail now ("start the server"), not
        // after ten seconds of reconnect backoff, which only pays off for long-running servers.
        configuration.connectionPool.retryConnectionEstablishment = false
        // No distributed tracing here; without this, every request looks up the process-wide tracer.
        configuration.tracing.tracer = nil
        // HTTP/1.1 only, with a status line no client library may trap on: AsyncHTTPClient stops the process on a
        // status below 100 (`ResponseStatusValidator`), and HTTP/1.1 is the one parser path the validator guards. A
        // command sends a handful of requests one after another, which HTTP/2's multiplexing would not speed up.
        configuration.httpVersion = .http1Only
        configuration.http1_1ConnectionDebugInitializer = { ResponseStatusValidator.install(in: $0) }
        switch proxy {
        case .direct: break
        case .http(let host, let port, let credentials):
            configuration.proxy = .server(
                host: host, port: port,
                authorization: credentials.map { .basic(username: $0.username, password: $0.password) })
        case .socks(let host, let port):
            configuration.proxy = .socksServer(host: host, port: port)
        }
        // The transport's own timeout is a backstop; `BoundedResponseMiddleware` enforces the real deadlines.
        return LazyHTTPClientTransport(configuration: configuration, backstopTimeout: limits.requestDeadline * 2)
    }

    /// The live graph over `transport`: the SQLite credentials store, the session coordinator, and two generated
    /// clients — one for the token endpoint without authorisation, one with it. Opens the credentials file, so the
    /// caller has refused an insecure server URL first (`requireSecureTransport`, as `withServices` does).
    static func makeServices(context: CommandContext, transport: LazyHTTPClientTransport) throws -> Services {
        let store = try makeCredentialsStore(path: context.credentialsPath)
        let lock = FileLock(path: context.credentialsPath + ".lock", timeout: context.limits.refreshLockWait)
        let clock = EventLoopClock { try await transport.eventLoop() }
        let services = try makeServices(context: context, store: store, lock: lock, transport: transport, clock: clock)
        return Services(
            session: services.session, api: services.api, transport: transport,
            deviceAuthorizer: services.deviceAuthorizer, codeExchanger: services.codeExchanger,
            discovery: services.discovery,
            accountIdentifier: services.accountIdentifier, serverURL: services.serverURL, now: context.now)
    }

    /// The same graph over any store, lock and transport, for fronts and tests that substitute one of them.
    /// - Parameter clock: what the request deadlines are timed by.
    public static func makeServices(
        context: CommandContext,
        store: any CredentialsStoring,
        lock: any CrossProcessLock,
        transport: any ClientTransport,
        clock: any Clock<Duration> = ContinuousClock()
    ) throws -> Services {
        try requireSecureTransport(context.server)
        let origin: ServerOrigin
        do {
            origin = try ServerOrigin(context.server.url)
        } catch {
            throw CommandFailure.usage("The server URL \(context.server.url.absoluteString) is not usable.")
        }
        let limits = context.limits
        let logging = RequestLoggingMiddleware(logger: context.logger)
        let transportFailures = TransportFailureMiddleware(classify: HTTPClientFailureClassifier.classify)
        let tokenBounds = BoundedResponseMiddleware(clock: clock) { _ in
            .init(deadline: limits.tokenRequestDeadline, maximumBytes: limits.maximumTokenResponseBytes)
        }
        // One date transcoder for every client: lock-free, and it reads fractional seconds, which the runtime's
        // default refuses.
        let configuration = Configuration(dateTranscoder: RFC3339DateTranscoder())
        // No authorisation middleware and a token request's bounds: what the token endpoint and discovery talk
        // through, to the API's base URL or to the root of its origin.
        let tokenClient = { (serverURL: URL) in
            Client(
                serverURL: serverURL, configuration: configuration, transport: transport,
                middlewares: [logging, transportFailures, tokenBounds])
        }
        let tokenEndpoint = TokenEndpoint(api: tokenClient(context.server.url), clientID: clientID, now: context.now)
        let session = SessionCoordinator(
            origin: origin,
            store: store,
            tokenEndpoint: tokenEndpoint,
            lock: lock,
            interruptions: DeferredTermination(),
            now: context.now
        )
        // Inside the authorisation middleware, so that a retry after a 401 gets a deadline of its own.
        let apiBounds = BoundedResponseMiddleware(clock: clock) { operationID in
            PublicOperations.contains(operationID)
                ? .init(deadline: limits.tokenRequestDeadline, maximumBytes: limits.maximumTokenResponseBytes)
                : .init(deadline: limits.requestDeadline, maximumBytes: limits.maximumResponseBytes)
        }
        let api = Client(
            serverURL: context.server.url,
            configuration: configuration,
            transport: transport,
            middlewares: [logging, AuthorizationMiddleware(session: session), transportFailures, apiBounds]
        )
        // Asks `/me` with the tokens a device sign-in obtained, before they are stored: a client like `api`, with
        // that token instead of the session's.
        let serverURL = context.server.url
        let accountIdentifier = CurrentUserAccountIdentifier { bearer in
            Client(
                serverURL: serverURL, configuration: configuration, transport: transport,
                middlewares: [logging, bearer, transportFailures, apiBounds])
        }
        return Services(
            session: session, api: api, transport: nil, deviceAuthorizer: tokenEndpoint, codeExchanger: tokenEndpoint,
            discovery: AuthorizationServerDiscovery(
                rootClient: tokenClient(AuthorizationServerDiscovery.rootURL(of: serverURL)),
                basePathClient: tokenClient(serverURL), serverURL: serverURL),
            accountIdentifier: accountIdentifier, serverURL: serverURL, now: context.now)
    }

    /// The authorization endpoint of the server at `serverURL`: `/oauth/authorize` at the root of its origin (a page
    /// for people, not an operation of the API under its base path).
    static func authorizationEndpoint(for serverURL: URL) -> URL {
        var components = URLComponents(url: serverURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = "/oauth/authorize"
        components.query = nil
        components.fragment = nil
        return components.url ?? serverURL
    }

    /// How long `login` waits for the browser to come back.
    static var browserSignInTimeout: Duration { LoopbackRedirectListener.Limits.standard.overallTimeout }

    /// The system's way of opening a browser: `$BROWSER`, else `xdg-open` in a graphical session (`open` on macOS).
    public static func makeBrowserOpener(environment: [String: String]) -> any BrowserOpening {
        SystemBrowserOpener(environment: environment)
    }

    /// Throws `InsecureServerURL` unless `server` may receive credentials: https, or http to this machine only.
    static func requireSecureTransport(_ server: ResolvedServer) throws {
        guard let origin = try? ServerOrigin(server.url) else { return }
        guard origin.allowsCredentials else { throw InsecureServerURL(origin: origin.key) }
    }

    static func makeCredentialsStore(path: String) throws -> any CredentialsStoring {
        try SQLiteCredentialsStore(path: path)
    }

    /// Every stored session of every account, as the app may show it (never a token). Reads the file only: a file
    /// that does not exist holds no sessions, and is not created (nor its directories).
    public static func storedSessions(context: CommandContext) async throws -> [SessionSummary] {
        guard FileManager.default.fileExists(atPath: context.credentialsPath) else { return [] }
        return try await makeCredentialsStore(path: context.credentialsPath).allCredentials().map { stored in
            SessionSummary(
                account: stored.credential.account,
                server: stored.credential.origin.url?.absoluteString ?? stored.credential.origin.key,
                refreshedAt: stored.credential.issuedAt,
                accessTokenExpiresAt: stored.credential.expiresAt,
                isSignInRequired: stored.credential.isSignInRequired,
                isActive: stored.isActive)
        }
    }

    /// The base URLs of every server with a stored session, each once.
    public static func serversWithSessions(context: CommandContext) async throws -> [URL] {
        let stored = try await makeCredentialsStore(path: context.credentialsPath).allCredentials()
        return stored.filter(\.isActive).compactMap(\.credential.origin.url)
    }

    /// A story service over `api`; tests pass a `MockAPI`.
    public static func makeStoryService(api: any APIProtocol) -> any StoryService {
        APIStoryService(api: api)
    }

    /// The process's standard output and error, for the commands' `run()`; tests pass a `CapturedOutput` instead.
    static func makeStandardOutput(environment: [String: String]) -> any OutputWriting {
        StandardOutput(environment: environment)
    }

    /// Formats stories as rows for the human layout.
    public static func makeStoryRowFormatter(now: @escaping @Sendable () -> Date) -> StoryRowFormatter {
        StoryRowFormatter(now: now)
    }

    /// The story list for `list`: it keeps only the newest page, which the command writes before it asks for the
    /// next, so memory stays flat however many pages follow. Rows are formatted only for the human layout
    /// (`formatsRows`); JSON needs the stories alone.
    public static func makeStoryListViewModel(
        service: any StoryService, now: @escaping @Sendable () -> Date, formatsRows: Bool,
        startingAt start: StoryCursor?, pageSize: Int, maximumPages: Int
    ) -> StoryListViewModel {
        StoryListViewModel(
            service: service, formatter: formatsRows ? makeStoryRowFormatter(now: now) : nil, pageSize: pageSize,
            startingAt: start, maximumPages: maximumPages, retention: .newestPage)
    }

    public static func makeSignInViewModel(service: any OnboardingService) -> SignInViewModel {
        SignInViewModel(service: service)
    }

    public static func makeDeviceSignInViewModel(service: any DeviceSignInService) -> DeviceSignInViewModel {
        DeviceSignInViewModel(service: service)
    }

    public static func makeBrowserSignInViewModel(service: any BrowserSignInService) -> BrowserSignInViewModel {
        BrowserSignInViewModel(service: service)
    }

    public static func makeRegistrationViewModel(service: any OnboardingService) -> RegistrationViewModel {
        RegistrationViewModel(service: service)
    }

    public static func makeSignOutViewModel(service: any OnboardingService) -> SignOutViewModel {
        SignOutViewModel(service: service)
    }
}
