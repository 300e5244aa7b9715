import Foundation
import StoriesCLITestSupport
import Testing

@testable import StoriesCLIKit

/// `stories-cli use` and the precedence of the default server: flag > environment > settings file > production.
@Suite("Default server")
struct UseCommandTests {
    let configHome = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)").path
    var environment: [String: String] { ["XDG_CONFIG_HOME": configHome, "HOME": "/nonexistent"] }

    func use(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (CLIExitCode, CapturedOutput) {
        let output = CapturedOutput()
        let status = try UseCommand.parse(arguments).run(
            environment: environment.merging(extra) { $1 }, output: output)
        return (status, output)
    }

    func resolved(
        server: ServerName? = nil, serverURL: String? = nil, environment extra: [String: String] = [:]
    ) throws -> ResolvedServer {
        let environment = environment.merging(extra) { $1 }
        return try ResolvedServer.resolve(
            serverOption: server, serverURLOption: serverURL, environment: environment,
            configuration: try CLIConfiguration.load(environment: environment))
    }

    @Test("use NAME makes it the default, which the environment and then the flags override")
    func precedence() throws {
        #expect(try resolved().name == .production)
        let (status, output) = try use(["local"])
        #expect(status == .success)
        #expect(output.standard.hasPrefix("Commands now use local (http://127.0.0.1:8080/v1)"))
        #expect(try resolved().name == .local)
        #expect(try resolved(environment: ["STORIES_SERVER": "staging"]).name == .staging)
        #expect(try resolved(server: .production, environment: ["STORIES_SERVER": "staging"]).name == .production)
        #expect(try use([]).1.standard.contains("(set with `stories-cli use`)"))
        #expect(try use(["--reset"]).0 == .success)
        #expect(try resolved().name == .production)
    }

    @Test("use URL stores a normalised URL")
    func url() throws {
        #expect(try use(["HTTP://LOCALHOST:9000/v1/"]).0 == .success)
        #expect(try resolved().url.absoluteString == "http://localhost:9000/v1")
    }

    @Test(
        "use refuses what no command could use, with exit 64",
        arguments: ["nowhere", "http://example.test/v1", "ftp://example.test", "http://127.0.0.1.example.test/v1"])
    func refuses(server: String) throws {
        let (status, output) = try use([server])
        #expect(status == .usage)
        #expect(output.error.hasPrefix("error: "))
        #expect(!FileManager.default.fileExists(atPath: configHome + "/stories-cli/config.json"))
    }

    @Test("A settings file that is not valid is a usage error that names it")
    func invalidFile() throws {
        try FileManager.default.createDirectory(atPath: configHome + "/stories-cli", withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: configHome + "/stories-cli/config.json"))
        #expect(throws: CommandFailure.self) { try resolved() }
        let (status, output) = try use([])
        #expect(status == .usage)
        #expect(output.error.contains("config.json is not valid"))
    }
}
