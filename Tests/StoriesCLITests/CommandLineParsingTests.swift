import ArgumentParser
import Testing

@testable import StoriesCLIKit

/// Usage errors found by the argument parser read like every other failure: one line, `error: ….`, exit 64.
@Suite("Usage errors in the CLI's one error style")
struct CommandLineParsingTests {
    @Test(
        "A usage error is one sentence with the command whose help to read, never the parser's usage block",
        arguments: [
            (["list", "--limit", "0"], "--limit must be between 1 and 100. See `stories-cli list --help`."),
            (
                ["list", "--server", "nowhere"],
                "The value 'nowhere' is invalid for '--server <server>'. Please provide one of 'production', 'staging' or 'local'. See `stories-cli list --help`."
            ),
            (["switch", "bob"], "Unexpected argument 'bob'. See `stories-cli switch --help`."),
            (
                ["login", "--username", "demo", "--device"],
                "--device cannot be combined with --username or --password-stdin. See `stories-cli login --help`."
            ),
            (
                ["logout", "--all", "--account", "demo"],
                "Use at most one of --account, --all-accounts and --all. See `stories-cli logout --help`."
            ),
            (["use", "local", "--reset"], "Use either a server or --reset, not both. See `stories-cli use --help`."),
            (["show"], "Missing expected argument '<id>'. See `stories-cli show --help`."),
            (["--frobnicate"], "Unknown option '--frobnicate'. See `stories-cli --help`."),
        ])
    func usageErrorIsOneLine(arguments: [String], message: String) throws {
        guard case .failed(let failure) = ParsedCommandLine(arguments) else {
            Issue.record("\(arguments) parsed")
            return
        }
        #expect(failure == CommandFailure(message, exitStatus: .usage))
        #expect(!failure.message.contains("\n"))
    }

    @Test(
        "Help and version are not failures: the parser's own exit, which prints them with status 0",
        arguments: [["--help"], ["list", "--help"], ["--version"], ["help", "list"]])
    func helpIsNoFailure(arguments: [String]) throws {
        switch ParsedCommandLine(arguments) {
        case .exit(let error):
            #expect(StoriesCommand.exitCode(for: error) == .success)
        case .command(var command):
            // `help` and `--help` parse as the parser's help command, whose run is that exit.
            #expect(throws: (any Error).self) { try command.run() }
            do { try command.run() } catch { #expect(StoriesCommand.exitCode(for: error) == .success) }
        case .failed(let failure):
            Issue.record("\(arguments) failed: \(failure.message)")
        case .topic(let topic):
            Issue.record("\(arguments) is the topic \(topic.rawValue)")
        }
    }

    @Test("help for a topic that is no command is a usage error, not the overview with exit 0")
    func unknownHelpTopic() {
        guard case .failed(let failure) = ParsedCommandLine(["help", "nonexistent"]) else {
            Issue.record("help nonexistent was not a failure")
            return
        }
        #expect(failure.exitStatus == .usage)
        #expect(
            failure.message.hasPrefix(
                "No help topic 'nonexistent'. The topics are: environment, exit-codes, files; the commands are: list, show, "
            ))
        #expect(failure.message.hasSuffix("`stories-cli --help` lists them."))
    }

    @Test(
        "help environment, help exit-codes and help files are topics, printed from the reference the man page has",
        arguments: HelpTopic.allCases)
    func helpTopics(topic: HelpTopic) throws {
        guard case .topic(let parsed) = ParsedCommandLine(["help", topic.rawValue]) else {
            Issue.record("help \(topic.rawValue) is not a topic")
            return
        }
        #expect(parsed == topic)
        let title = ["environment": "ENVIRONMENT:", "exit-codes": "EXIT CODES:", "files": "FILES:"][topic.rawValue]
        #expect(topic.text(columns: 80).hasPrefix(try #require(title) + "\n"))
    }

    @Test("Valid arguments give the command to run")
    func parsesCommand() {
        guard case .command(let command) = ParsedCommandLine(["list", "--server", "local", "--limit", "5"]) else {
            Issue.record("did not parse")
            return
        }
        #expect((command as? ListCommand)?.limit == 5)
    }
}
