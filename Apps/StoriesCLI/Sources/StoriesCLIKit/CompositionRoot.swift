import APIClient
import AsyncHTTPClient
import Authorization
import CredentialsStore
import Foundation
import Logging
import OnboardingData
import OnboardingDomain
import OnboardingPresentation
import OpenAPIAsyncHTTPClient
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
        let httpClient: HTTPClient?

        /// Register, sign in and out, who am I — for this server.
        public var onboarding: any OnboardingService {
            APIOnboardingService(api: api, session: session, clientID: CompositionRoot.clientID)
        }

        /// Stories from this server.
        public var stories: any StoryService { CompositionRoot.makeStoryService(api: api) }

        public func shutdown() async {
            try? await httpClient?.shutdown()
        }
    }

    /// Runs `body` with the live services and shuts them down afterwards, whatever happens. Session events
    /// (refreshes, failures, sign-outs) go to the `--verbose` log while it runs.
    public static func withServices<Result: Sendable>(
        context: CommandContext,
        _ body: (Services) async throws -> Result
    ) async throws -> Result {
        let services = try makeServices(context: context)
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

    /// The live graph: AsyncHTTPClient (no redirects), the SQLite credentials store, the session coordinator, and
    /// two generated clients — one for the token endpoint without authorisation, one with it.
    public static func makeServices(context: CommandContext) throws -> Services {
        let store = try makeCredentialsStore(path: context.credentialsPath)
        let lock = FileLock(path: context.credentialsPath + ".lock")
        var configuration = HTTPClient.Configuration()
        // Redirects are never followed: a token or a refresh token must not travel to another origin (A4, F1).
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(30))
        // A CLI run makes a handful of requests: a refused connection should fail now ("start the server"), not
        // after ten seconds of reconnect backoff, which only pays off for long-running servers.
        configuration.connectionPool.retryConnectionEstablishment = false
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let transport = AsyncHTTPClientTransport(configuration: .init(client: httpClient, timeout: .seconds(30)))
        do {
            let services = try makeServices(context: context, store: store, lock: lock, transport: transport)
            return Services(session: services.session, api: services.api, httpClient: httpClient)
        } catch {
            try? httpClient.syncShutdown()
            throw error
        }
    }

    /// The same graph over any store, lock and transport, for fronts and tests that substitute one of them.
    public static func makeServices(
        context: CommandContext,
        store: any CredentialsStoring,
        lock: any CrossProcessLock,
        transport: any ClientTransport
    ) throws -> Services {
        let origin: ServerOrigin
        do {
            origin = try ServerOrigin(context.server.url)
        } catch {
            throw CommandFailure.usage("The server URL \(context.server.url.absoluteString) is not usable.")
        }
        let logging = RequestLoggingMiddleware(logger: context.logger)
        let tokenClient = Client(
            serverURL: context.server.url,
            transport: transport,
            middlewares: [logging, ResponseSizeLimitMiddleware(), TransportFailureMiddleware()]
        )
        let session = SessionCoordinator(
            origin: origin,
            store: store,
            tokenEndpoint: TokenEndpoint(api: tokenClient, clientID: clientID, now: context.now),
            lock: lock,
            now: context.now
        )
        let api = Client(
            serverURL: context.server.url,
            transport: transport,
            middlewares: [logging, AuthorizationMiddleware(session: session), TransportFailureMiddleware()]
        )
        return Services(session: session, api: api, httpClient: nil)
    }

    static func makeCredentialsStore(path: String) throws -> any CredentialsStoring {
        try SQLiteCredentialsStore(path: path)
    }

    /// The base URLs of every server with a stored session.
    public static func serversWithSessions(context: CommandContext) async throws -> [URL] {
        try await makeCredentialsStore(path: context.credentialsPath).allCredentials().compactMap(\.origin.url)
    }

    /// A story service over `api`; tests pass a `MockAPI`.
    public static func makeStoryService(api: any APIProtocol) -> any StoryService {
        APIStoryService(api: api)
    }

    @MainActor
    public static func makeSignInViewModel(service: any OnboardingService) -> SignInViewModel {
        SignInViewModel(service: service)
    }

    @MainActor
    public static func makeRegistrationViewModel(service: any OnboardingService) -> RegistrationViewModel {
        RegistrationViewModel(service: service)
    }

    @MainActor
    public static func makeStoryListViewModel(
        service: any StoryService,
        pageSize: Int,
        now: @escaping @Sendable () -> Date
    ) -> StoryListViewModel {
        StoryListViewModel(service: service, formatter: StoryRowFormatter(now: now), pageSize: pageSize)
    }
}
