import Foundation
import StoriesCLITestSupport
import Testing

@testable import StoriesCLIKit

/// What commands do with bad input before any request is made.
@Suite("stories-cli usage errors")
struct CommandUsageTests {
    static let credentials = FileManager.default.temporaryDirectory
        .appendingPathComponent("usage-\(UUID().uuidString)/credentials.sqlite").path

    @Test(
        "Conflicting or invalid server selections exit 64",
        arguments: [
            (["--server", "local", "--server-url", "http://127.0.0.1:1/v1"], [:]),
            ([], ["STORIES_SERVER": "moon"]),
            ([], ["STORIES_SERVER": "local", "STORIES_SERVER_URL": "http://127.0.0.1:1/v1"]),
            (["--server-url", "ftp://example.com"], [:]),
            (["--server-url", "not a url"], [:]),
            (["--server-url", "https://user:secret@example.com/v1"], [:]),
        ] as [([String], [String: String])])
    func rejectsServerSelection(arguments: [String], environment: [String: String]) async throws {
        let output = CapturedOutput()
        var environment = environment
        environment["STORIES_CREDENTIALS_DB"] = Self.credentials
        environment["STORIES_CREDENTIALS_STORAGE"] = "plain"
        let status = try await ListCommand.parse(arguments).run(
            environment: environment,
            output: output,
            input: .piped([]),
            now: { Date() }
        )
        #expect(status == .usage)
        #expect(output.error.hasPrefix("error: "))
        #expect(!output.error.contains("secret"))
    }

    @Test(
        "login without a terminal needs --password-stdin and --username, and never waits for a prompt",
        arguments: [
            ["--username", "demo"], ["--password-stdin"],
        ])
    func loginNeedsNonInteractiveInput(arguments: [String]) async throws {
        let output = CapturedOutput()
        let status = try await LoginCommand.parse(arguments + ["--server", "local"]).run(
            environment: ["STORIES_CREDENTIALS_DB": Self.credentials, "STORIES_CREDENTIALS_STORAGE": "plain"],
            output: output,
            input: .piped(["demo-password"]),
            now: { Date() }
        )
        #expect(status == .usage)
        #expect(!output.error.contains("demo-password"))
    }

    @Test(
        "login --device with --username or --password-stdin is a usage error (64) before anything is sent",
        arguments: [["--device", "--username", "demo"], ["--device", "--password-stdin"]])
    func deviceExcludesPasswordOptions(arguments: [String]) {
        do {
            _ = try LoginCommand.parse(arguments)
            Issue.record("parsed \(arguments)")
        } catch {
            #expect(LoginCommand.exitCode(for: error).rawValue == 64)
            #expect(LoginCommand.message(for: error).contains("--device cannot be combined"))
        }
    }

    @Test(
        "The default server is production, and environment variables select others",
        arguments: [
            ([:], "https://api.stories.example/v1"),
            (["STORIES_SERVER": "staging"], "https://staging.api.stories.example/v1"),
            (["STORIES_SERVER_URL": "http://127.0.0.1:9/v1"], "http://127.0.0.1:9/v1"),
        ] as [([String: String], String)])
    func resolvesServer(environment: [String: String], expected: String) throws {
        let server = try ResolvedServer.resolve(serverOption: nil, serverURLOption: nil, environment: environment)
        #expect(server.url.absoluteString == expected)
    }
}
