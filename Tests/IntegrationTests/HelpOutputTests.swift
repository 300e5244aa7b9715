import Authorization
import CredentialsStore
import Foundation
import TestSupport
import Testing

@testable import StoriesCLIKit

/// Text swift-argument-parser prints itself, written where it cannot go.
@Suite("Help and version output", .timeLimit(.minutes(1)))
struct HelpOutputTests {
    @Test(
        "--help and --version that cannot be written (a full device) are exit 74 with one line, not a silent 0",
        arguments: [["--help"], ["--version"], ["list", "--help"]])
    func fullDevice(arguments: [String]) async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let process = try await StartedProcess.start(
            try BuildProducts.executable(named: "stories-cli"), arguments, standardOutput: full)
        #expect(try await process.termination() == .exited(CLIExitCode.ioError.rawValue))
        #expect(process.standardError.text == "error: standard output could not be written.\n")
    }

    /// Runs the built stories-cli with `arguments` and `environment`; its exit status and standard output.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (Int32, String) {
        let result = try await ChildProcess.run(
            try BuildProducts.executable(named: "stories-cli"), arguments, environment: environment)
        return (result.status, result.standardOutput)
    }

    @Test(
        "Every way of asking for help prints the page that ends with EXAMPLES, exit 0",
        arguments: [["login", "--help"], ["help", "login"], ["login", "-h"]])
    func helpEndsWithExamples(arguments: [String]) async throws {
        let (status, output) = try await Self.run(arguments, environment: ["COLUMNS": "80"])
        #expect(status == 0)
        #expect(output == HelpPage.text(for: LoginCommand.self, columns: 80))
        #expect(output.contains("\nEXAMPLES:\n  # "))
    }

    @Test("stories-cli alone and --help print the overview")
    func overview() async throws {
        for arguments in [[], ["--help"]] {
            let (status, output) = try await Self.run(arguments, environment: ["COLUMNS": "100"])
            #expect(status == 0)
            #expect(output == HelpPage.text(for: StoriesCommand.self, columns: 100))
        }
    }

    @Test("help environment and help exit-codes print their topic, exit 0", arguments: HelpTopic.allCases)
    func topics(topic: HelpTopic) async throws {
        let (status, output) = try await Self.run(["help", topic.rawValue], environment: ["COLUMNS": "100"])
        #expect(status == 0)
        #expect(output == topic.text(columns: 100))
    }

    @Test("completion prints the same script as --generate-completion-script", arguments: ["bash", "zsh", "fish"])
    func completionScript(shell: String) async throws {
        let (status, script) = try await Self.run(["completion", shell])
        #expect(status == 0)
        #expect(script.contains("---completion"), "the script asks stories-cli for the accounts")
        let (_, generated) = try await Self.run(["--generate-completion-script", shell])
        #expect(script == generated)
    }

    @Test("The completion script's request for accounts is answered by the built binary")
    func accountCompletion() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "completion-\(UUID().uuidString)")
        let path = directory.appending(path: "credentials.sqlite").path
        let store = try SQLiteCredentialsStore(path: path)
        for account in ["demo", "alice"] {
            _ = try await store.replace(
                with: Credential(
                    origin: try ServerOrigin(try #require(URL(string: "http://127.0.0.1:8080/v1"))),
                    account: account, accessToken: Secret("a"), refreshToken: nil, expiresAt: nil, issuedAt: Date()))
        }
        let (status, output) = try await Self.run(
            ["---completion", "logout", "--", "--account", "3", "0", "stories-cli", "logout", "--account", ""],
            environment: [
                "STORIES_SERVER": "local", "STORIES_CREDENTIALS_DB": path, "STORIES_CREDENTIALS_STORAGE": "plain",
            ])
        #expect(status == 0)
        #expect(output == "alice\ndemo\n")
    }
}
