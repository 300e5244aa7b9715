import Foundation
import TestSupport
import Testing

/// A reader that goes away or a full disk ends `stories-cli` with a documented exit code and at most one line,
/// never a trap and a backtrace.
@Suite("Standard output that refuses writes", .serialized, .timeLimit(.minutes(1)))
struct StandardOutputFailureTests {
    @Test("A reader that closed the pipe ends the command quietly with exit 0", arguments: [["servers"], ["--help"]])
    func closedPipe(arguments: [String]) async throws {
        let cli = try BuildProducts.executable(named: "stories-cli")
        let result = try await ChildProcess.run(
            cli, arguments, standardOutput: try BrokenStandardOutput.pipeWithoutReader())
        #expect(result.status == 0)
        #expect(!result.standardError.contains("Fatal error"), "\(result.standardError)")
        #expect(!result.standardError.contains("Broken pipe"), "\(result.standardError)")
    }

    @Test("A full standard output is exit 74 with one line")
    func fullOutput() async throws {
        let cli = try BuildProducts.executable(named: "stories-cli")
        let result = try await ChildProcess.run(cli, ["servers"], standardOutput: try BrokenStandardOutput.fullDevice())
        #expect(result.status == 74)
        #expect(
            result.standardError == "error: Standard output is full (no space left), so the output is incomplete.\n")
    }

    @Test("list --all into a closed pipe stops quietly with exit 0 against a real server")
    func listIntoClosedPipe() async throws {
        let cli = try BuildProducts.executable(named: "stories-cli")
        try await RunningServer.with(
            configuration: .init(port: 0, storyCount: 300, passwordHashCost: 4)
        ) { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString)")
            let environment = [
                "STORIES_CREDENTIALS_DB": directory.appendingPathComponent("credentials.sqlite").path,
                "STORIES_CREDENTIALS_STORAGE": "plain",
                "STORIES_SERVER_URL": server.baseURL.absoluteString,
            ]
            let login = try await ChildProcess.run(
                cli, ["login", "--username", "demo", "--password-stdin"], input: "demo-password\n",
                environment: environment)
            try #require(login.status == 0, "\(login.standardError)")
            for arguments in [["list", "--all"], ["list", "--all", "--json"]] {
                let result = try await ChildProcess.run(
                    cli, arguments, standardOutput: try BrokenStandardOutput.pipeWithoutReader(),
                    environment: environment)
                #expect(result.status == 0, "\(arguments): \(result.standardError)")
                #expect(result.standardError.isEmpty, "\(arguments): \(result.standardError)")
            }
        }
    }
}
