import APIClientLive
import Authorization
import CredentialsStore
import Foundation
import Logging

/// Everything a command needs from the outside world, resolved once per invocation.
struct CommandContext: Sendable {
    var server: ResolvedServer
    var credentialsPath: String
    var output: any OutputWriting
    var input: UserInput
    var logger: Logger
    var now: @Sendable () -> Date
    /// Deadlines and size caps for everything this invocation receives.
    var limits: ConnectionLimits
    /// How requests reach the server: directly or through a proxy.
    var proxy: ProxyRoute
    /// Opens the sign-in page for `login`'s browser sign-in.
    var browser: any BrowserOpening
    /// The server commands use when none is given (the environment's, `stories-cli use`'s, else production), which
    /// `status` marks as the default whatever `--server` this command was given; `nil` when it cannot be resolved.
    var defaultServer: ResolvedServer?
    /// How a credentials file this run creates keeps its tokens (`StorageChoice`).
    var newFileStorage: CredentialsStorage = .sealed
    /// Holds the data key of a sealed credentials file.
    var keyring: any DataKeyStore = SystemKeyring.make()
    /// The process's event loop, which HTTP clients run on and leave running when they shut down; `nil` (tests): each
    /// client has a loop of its own.
    var processEventLoop: ProcessEventLoop?

    init(
        server: ResolvedServer,
        credentialsPath: String,
        output: any OutputWriting,
        input: UserInput,
        logger: Logger,
        now: @escaping @Sendable () -> Date,
        limits: ConnectionLimits = .standard,
        proxy: ProxyRoute = .direct,
        browser: any BrowserOpening = SystemBrowserOpener(environment: [:])
    ) {
        self.server = server
        self.credentialsPath = credentialsPath
        self.output = output
        self.input = input
        self.logger = logger
        self.now = now
        self.limits = limits
        self.proxy = proxy
        self.browser = browser
    }

    /// Whether `STORIES_DEBUG` asks for the `--verbose` log (`1`, `true` or `yes`), for a script that cannot add
    /// the flag to every command.
    static func debugRequested(by environment: [String: String]) -> Bool {
        ["1", "true", "yes"].contains(environment["STORIES_DEBUG"]?.lowercased() ?? "")
    }

    /// Resolves the options and the process environment.
    static func resolve(
        _ options: ConnectionOptions,
        environment: [String: String],
        output: any OutputWriting,
        input: UserInput,
        now: @escaping @Sendable () -> Date,
        limits: ConnectionLimits = .standard,
        browser: (any BrowserOpening)? = nil
    ) throws(CommandFailure) -> CommandContext {
        let configuration = try CLIConfiguration.load(environment: environment)
        let server = try ResolvedServer.resolve(
            serverOption: options.server,
            serverURLOption: options.serverURL,
            environment: environment,
            configuration: configuration
        )
        let proxy: ProxyRoute
        do {
            proxy = try ProxyRoute.resolve(for: server.url, environment: environment)
        } catch {
            throw FailureMessages.failure(for: error)
        }
        var logger = Logger(label: "stories-cli") { _ in OutputLogHandler(output: output) }
        logger.logLevel = options.verbose || Self.debugRequested(by: environment) ? .info : .critical
        var context = CommandContext(
            server: server,
            credentialsPath: try CredentialsLocation.resolve(option: options.credentialsDB, environment: environment),
            output: output,
            input: input,
            logger: logger,
            now: now,
            limits: limits,
            proxy: proxy,
            browser: browser ?? SystemBrowserOpener(environment: environment)
        )
        context.newFileStorage = try StorageChoice.resolve(environment: environment)
        context.defaultServer = try? ResolvedServer.resolve(
            serverOption: nil, serverURLOption: nil, environment: environment, configuration: configuration)
        return context
    }
}
