import Authorization
import Foundation
import StoriesCLITestSupport
import Testing

@testable import StoriesCLIKit

/// A fresh install has no server chosen: commands then use production, the built-in default, and every hint that
/// names it also says how to point at another server. Every place that names the default names the same one.
@Suite("When no server was chosen")
struct NoServerChosenTests {
    static func resolve(
        _ environment: [String: String] = [:], configuration: CLIConfiguration = CLIConfiguration()
    ) throws -> ResolvedServer {
        try ResolvedServer.resolve(
            serverOption: nil, serverURLOption: nil, environment: environment, configuration: configuration)
    }

    /// What a command resolved in `environment` marks as the default.
    static func defaultServer(_ environment: [String: String]) throws -> ResolvedServer {
        let context = try CommandContext.resolve(
            try ConnectionOptions.parse(["--server", "local", "--credentials-db", "/nonexistent/c.sqlite"]),
            environment: environment, output: CapturedOutput(), input: .piped([]), now: { Date() })
        #expect(context.server.name == .local)
        return try #require(context.defaultServer)
    }

    @Test("Only the built-in fallback counts as nobody's choice")
    func builtInDefault() throws {
        #expect(try Self.resolve().isBuiltInDefault)
        #expect(try !Self.resolve(["STORIES_SERVER": "production"]).isBuiltInDefault)
        var configuration = CLIConfiguration()
        configuration.defaultServer = "production"
        #expect(try !Self.resolve(configuration: configuration).isBuiltInDefault)
        #expect(
            try !ResolvedServer.resolve(
                serverOption: .production, serverURLOption: nil, environment: [:]
            ).isBuiltInDefault)
    }

    @Test(
        "Not signed in to a server nobody chose says how to choose one",
        arguments: [true, false])
    func notSignedInHint(builtIn: Bool) throws {
        var server = try Self.resolve()
        server.isBuiltInDefault = builtIn
        let failure = FailureMessages.failure(for: AuthorizationError.notSignedIn(origin: "x"), server: server)
        let hint =
            "No server was chosen, so this is the built-in default: `stories-cli use local` points every command at a stories-server on this machine, and --server or --server-url chooses one for a command."
        #expect(failure.message.hasSuffix(hint) == builtIn, "\(failure.message)")
        #expect(failure.message.hasPrefix("Not signed in to production (https://api.stories.example/v1)."))
    }

    @Test("status marks as the default the server commands use when none is given, not the one --server names")
    func statusMarksTheDefault() throws {
        let home = FileManager.default.temporaryDirectory.appending(path: "no-server-\(UUID().uuidString)")
        let environment = ["XDG_CONFIG_HOME": home.path]
        #expect(try Self.defaultServer(environment).name == .production)
        var settings = CLIConfiguration()
        settings.defaultServer = "staging"
        _ = try settings.save(environment: environment)
        #expect(try Self.defaultServer(environment).name == .staging)
        #expect(try Self.defaultServer(environment.merging(["STORIES_SERVER": "local"]) { $1 }).name == .local)
    }
}
