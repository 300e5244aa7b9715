import APIClientLive
import Authorization
import CredentialsStore
import Foundation
import Logging
import OnboardingData
import OnboardingDomain
import OpenAPIRuntime

/// The only place that names the implementations behind the roles commands use: the SQLite credentials store and
/// its lock file, `LiveAPIClient` over AsyncHTTPClient, and the `API…Service`s of the features. Built once per run,
/// with the run's context, and handed to the command as its `CommandServices`.
struct CompositionRoot: CommandServices {
    /// The client id the CLI presents to the token endpoint (a public client: no secret), and the name the browser's
    /// page gives it.
    static let clientID = "stories-cli"

    let context: CommandContext

    /// Runs `body` with the live services of `server` and shuts them down afterwards, whatever happens. Session
    /// events (refreshes, failures, sign-outs) go to the `--verbose` log while it runs.
    func withServer<Result: Sendable>(
        _ server: ResolvedServer,
        account: String?,
        clientStart: HTTPClientStart,
        _ body: (ServerServices) async throws -> Result
    ) async throws -> Result {
        var context = self.context
        context.server = server
        // Every command sends a password or a token: refuse an insecure URL before anything is opened or sent.
        try server.requireSecureTransport()
        let transport = LazyHTTPClientTransport(
            limits: context.limits, proxy: context.proxy, processEventLoop: context.processEventLoop)
        if clientStart == .atOnce { transport.startCreatingClient() }
        let services: ServerServices
        do {
            services = try Self.makeServices(context: context, account: account, transport: transport)
        } catch {
            await transport.shutdown()
            throw error
        }
        let logger = context.logger
        let events = services.session.events
        let eventLog = Task {
            for await event in events { logger.info("\(SessionEventWording.line(for: event))") }
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

    /// The live graph over `transport`: the SQLite credentials store and its lock file, then `LiveAPIClient`. Opens
    /// the credentials file, so the caller has refused an insecure server URL first, as `withServer` does.
    static func makeServices(
        context: CommandContext, account: String? = nil, transport: LazyHTTPClientTransport
    ) throws -> ServerServices {
        // Created by the first write: a command that only reads while signed out leaves no file behind.
        let store = DeferredSQLiteCredentialsStore(path: context.credentialsPath, open: opener(context))
        let lock = FileLock(path: context.credentialsPath + ".lock", timeout: context.limits.refreshLockWait)
        let clock = EventLoopClock { try await transport.eventLoop() }
        var services = try makeServices(
            context: context, account: account, store: store, lock: lock, transport: transport, clock: clock)
        services.transport = transport
        return services
    }

    /// Opens the credentials file with the run's keyring, a new file in the run's chosen storage.
    static func opener(
        _ context: CommandContext
    ) -> @Sendable (String) throws(CredentialsStoreError) -> SQLiteCredentialsStore {
        let keyring = context.keyring
        let storage = context.newFileStorage
        return { path throws(CredentialsStoreError) in
            try SQLiteCredentialsStore(path: path, keyring: keyring, newFileStorage: storage)
        }
    }

    /// The same graph over any store, lock and transport, for tests that substitute one of them.
    /// - Parameter clock: what the request deadlines are timed by.
    static func makeServices(
        context: CommandContext,
        account: String? = nil,
        store: any CredentialsStoring,
        lock: any CrossProcessLock,
        transport: any ClientTransport,
        clock: any Clock<Duration> = ContinuousClock()
    ) throws -> ServerServices {
        try context.server.requireSecureTransport()
        let client: LiveAPIClient
        do {
            client = try LiveAPIClient(
                serverURL: context.server.url, account: account, clientID: clientID, store: store, lock: lock,
                transport: transport,
                limits: context.limits, clock: clock, interruptions: DeferredTermination(), logger: context.logger,
                now: context.now)
        } catch {
            throw CommandFailure.usage("The server URL \(context.server.url.absoluteString) is not usable.")
        }
        return ServerServices(client: client, transport: nil, serverURL: context.server.url, now: context.now)
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

    /// Every stored session of every account, as the app may show it (never a token). Reads the file only: a file
    /// that does not exist holds no sessions, and is not created (nor its directories).
    func storedSessionListing() throws -> any StoredSessionListing {
        guard FileManager.default.fileExists(atPath: context.credentialsPath) else {
            return CredentialsStoreSessionListing(store: nil)
        }
        return CredentialsStoreSessionListing(store: try Self.opener(context)(context.credentialsPath))
    }

    func prepareCredentialsForSignIn() async throws {
        let path = context.credentialsPath
        guard FileManager.default.fileExists(atPath: path) else {
            // The file, and with it its data key, is made by the sign-in's write; the keyring must be usable then.
            guard context.newFileStorage == .sealed else { return }
            do {
                try await context.keyring.checkAvailable()
            } catch {
                throw KeyringNeededForNewFile(path: path, failure: error)
            }
            return
        }
        let store = try Self.opener(context)(path)
        do {
            try await store.prepareForSignIn()
        } catch {
            // Plain storage chosen for a sealed file whose keyring this session cannot reach at all: if no session is
            // left in it (forgotten by `logout`), nothing in it needs the key, so the sign-in starts it over in plain
            // storage. A sealed file whose keyring answers stays sealed (`storage unseal` changes that).
            guard case .keyring(_, .unavailable) = error, context.newFileStorage == .plain,
                try await store.makePlainIfEmpty()
            else { throw error }
            try await store.prepareForSignIn()
        }
    }

    func forgetSessionsWithoutOpening(
        where isForgotten: @escaping @Sendable (StoredSessionFacts) -> Bool
    ) async throws -> [StoredSessionFacts] {
        let path = context.credentialsPath
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let store = try Self.opener(context)(path)
        // The refresh lock: no other stories-cli process renews one of these sessions meanwhile.
        let lock = FileLock(path: path + ".lock", timeout: context.limits.refreshLockWait)
        return try await lock.withLock {
            var forgotten: [StoredSessionFacts] = []
            for facts in try await store.allSessionFacts() where isForgotten(facts) {
                if try await store.removeCredential(for: facts.origin, account: facts.account) {
                    forgotten.append(facts)
                }
            }
            return forgotten
        }
    }

    func verifyServerURL(_ server: ResolvedServer) async throws {
        let answer = try await withServer(server, account: nil, clientStart: .atOnce) { await $0.healthAnswer() }
        // Only a 404 at the URL given and an answer under its /v1 say where the API is; an API that does not serve
        // the health resource at all is left to the sign-in, as before.
        guard answer == .notFound, let likely = APINotFoundAtServerURL.likelyAPIURL(for: server.url) else { return }
        let likelyAnswer = try await withServer(
            ResolvedServer.matching(url: likely), account: nil, clientStart: .atOnce
        ) {
            await $0.healthAnswer()
        }
        if likelyAnswer == .ok { throw APINotFoundAtServerURL(serverURL: server.url, apiURL: likely) }
    }

    func verifyCredentialsKey() async throws {
        guard FileManager.default.fileExists(atPath: context.credentialsPath) else { return }
        try await Self.opener(context)(context.credentialsPath).verifyDataKey()
    }

    func changeCredentialsStorage(to storage: CredentialsStorage) async throws -> Bool {
        let path = context.credentialsPath
        let store = try Self.opener(context)(path)
        // The refresh lock: no other stories-cli process renews a session while every session is rewritten.
        let lock = FileLock(path: path + ".lock", timeout: context.limits.refreshLockWait)
        return try await lock.withLock { try await store.convert(to: storage) }
    }

    func credentialsStorage() async throws -> CredentialsStorage? {
        guard FileManager.default.fileExists(atPath: context.credentialsPath) else { return nil }
        return try await Self.opener(context)(context.credentialsPath).storage()
    }

    /// The base URLs of every server with a stored session, each once. A missing file is none, and is not created.
    func serversWithSessions() async throws -> [URL] {
        let stored = try await DeferredSQLiteCredentialsStore(path: context.credentialsPath, open: Self.opener(context))
            .allCredentials()
        return stored.filter(\.isActive).map(\.credential.origin.url)
    }
}
