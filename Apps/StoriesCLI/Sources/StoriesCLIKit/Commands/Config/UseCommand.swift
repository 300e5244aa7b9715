import ArgumentParser
import CommandReference
import Foundation

/// `stories-cli use NAME|URL`: the server commands use when none is given.
struct UseCommand: ParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "use",
        abstract: "Set or show the server commands use when none is given.",
        discussion: """
            Like `kubectl config use-context`. Without an argument, shows the server commands use and where that \
            comes from. Precedence: --server or --server-url, then STORIES_SERVER or STORIES_SERVER_URL, then this \
            setting, then production. The setting is kept in $XDG_CONFIG_HOME/stories-cli/config.json, else \
            ~/.config/stories-cli/config.json.
            """
    )

    static let examples = [
        CommandExample("Work against a stories-server on this machine", "stories-cli use local"),
        CommandExample("An API of your own, by its base URL", "stories-cli use https://api.example.com/v1"),
        CommandExample("Which server commands use, and why", "stories-cli use"),
        CommandExample("Forget the setting: production again", "stories-cli use --reset"),
    ]

    @Argument(
        help: ArgumentHelp("A server name (production, staging, local) or a base URL.", valueName: "server"),
        completion: .serverNames)
    var server: String?

    @Flag(help: "Forget the default, so production is used again.")
    var reset = false

    init() {}

    func validate() throws {
        if reset, server != nil { throw ValidationError("Use either a server or --reset, not both.") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let output = StandardOutput(environment: environment)
        let status = run(environment: environment, output: output)
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// Runs against injected surroundings and returns the exit status. Tests call this.
    func run(environment: [String: String], output: any OutputWriting) -> CLIExitCode {
        do {
            try output.write(try execute(environment: environment))
            return .success
        } catch StandardOutputError.readerClosed {
            return .success
        } catch {
            let failure = FailureMessages.failureBeforeConnecting(error)
            output.writeError("error: \(failure.message)\n")
            return failure.exitStatus
        }
    }

    private func execute(environment: [String: String]) throws -> String {
        var settings = try CLIConfiguration.load(environment: environment)
        if reset {
            settings.defaultServer = nil
            let path = try settings.save(environment: environment)
            return "The default server is production again (\(path)).\n"
        }
        guard let server else {
            let current = try ResolvedServer.resolve(
                serverOption: nil, serverURLOption: nil, environment: environment, configuration: settings)
            let source =
                environment["STORIES_SERVER"].map { _ in " (from STORIES_SERVER)" }
                ?? environment["STORIES_SERVER_URL"].map { _ in " (from STORIES_SERVER_URL)" }
                ?? settings.defaultServer.map { _ in " (set with `stories-cli use`)" } ?? " (built in)"
            return "\(current.displayName)\(source)\n"
        }
        let resolved = try ResolvedServer.parse(server, source: "The server")
        // Every command sends credentials: refuse now rather than at every command after.
        try resolved.requireSecureTransport()
        settings.defaultServer = resolved.name?.rawValue ?? resolved.url.absoluteString
        let path = try settings.save(environment: environment)
        return "Commands now use \(resolved.displayName) when no server is given (\(path)).\n"
    }
}
