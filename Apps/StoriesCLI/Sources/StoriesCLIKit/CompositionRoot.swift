import APIClient
import APIClientLive
import Authorization
import CredentialsStore
import Foundation
import Logging
import OnboardingData
import OnboardingDomain
import OnboardingPresentation
import OpenAPIRuntime
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
        var transport: LazyHTTPClientTransport?
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
                exchanger: codeExchanger, listener: LoopbackRedirectListener(applicationName: "stories-cli"),
                session: session,
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

    /// The transport: AsyncHTTPClient, created by the first request (or at once, see `HTTPClientStart`).
    static func makeTransport(limits: ConnectionLimits, proxy: ProxyRoute) -> LazyHTTPClientTransport {
        LazyHTTPClientTransport(limits: limits, proxy: proxy)
    }

    /// The live graph over `transport`: the SQLite credentials store and its lock file, then `LiveAPIClient`. Opens
    /// the credentials file, so the caller has refused an insecure server URL first (`requireSecureTransport`, as
    /// `withServices` does).
    static func makeServices(context: CommandContext, transport: LazyHTTPClientTransport) throws -> Services {
        let store = try makeCredentialsStore(path: context.credentialsPath)
        let lock = FileLock(path: context.credentialsPath + ".lock", timeout: context.limits.refreshLockWait)
        let clock = EventLoopClock { try await transport.eventLoop() }
        var services = try makeServices(context: context, store: store, lock: lock, transport: transport, clock: clock)
        services.transport = transport
        return services
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
        let client: LiveAPIClient
        do {
            client = try LiveAPIClient(
                serverURL: context.server.url, clientID: clientID, store: store, lock: lock, transport: transport,
                limits: context.limits, clock: clock, interruptions: DeferredTermination(), logger: context.logger,
                now: context.now)
        } catch {
            throw CommandFailure.usage("The server URL \(context.server.url.absoluteString) is not usable.")
        }
        return Services(
            session: client.session, api: client.api, transport: nil, deviceAuthorizer: client.tokenEndpoint,
            codeExchanger: client.tokenEndpoint, discovery: client.discovery,
            accountIdentifier: client.accountIdentifier, serverURL: context.server.url, now: context.now)
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
        return try await makeCredentialsStore(path: context.credentialsPath).allCredentials().map(SessionSummary.init)
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
