import ArgumentParser
import Authorization
import CredentialsStore
import Foundation
import Testing

@testable import StoriesCLIKit

/// What the shell offers on Tab: the named servers, and the accounts signed in to the server the command line
/// selects, read from the credentials file with nothing created.
@Suite("Shell completion")
struct ShellCompletionTests {
    let directory = FileManager.default.temporaryDirectory.appending(path: "completion-\(UUID().uuidString)")
    var path: String { directory.appending(path: "data/credentials.sqlite").path }

    /// A credentials file with `accounts` signed in to each of `servers`.
    func store(_ accounts: [String], on servers: [String]) async throws {
        let store = try SQLiteCredentialsStore(path: path)
        for server in servers {
            for account in accounts {
                _ = try await store.replace(
                    with: Credential(
                        origin: try ServerOrigin(try #require(URL(string: server))), account: account,
                        accessToken: Secret("a-\(account)"), refreshToken: Secret("r-\(account)"), expiresAt: nil,
                        issuedAt: Date()))
            }
        }
    }

    func accounts(_ words: [String], environment: [String: String] = [:]) -> [String] {
        ShellCompletion.accountNames(
            words: ["stories-cli", "switch"] + words + ["--account", ""],
            environment: environment.merging(["HOME": directory.path]) { first, _ in first })
    }

    @Test("--server and use offer the named servers, written into every shell's script")
    func serverNames() throws {
        #expect(ShellCompletion.serverNames == ["production", "staging", "local"])
        for shell in [CompletionShell.bash, .zsh, .fish] {
            let script = StoriesCommand.completionScript(for: shell)
            for name in ShellCompletion.serverNames { #expect(script.contains(name), "\(shell)") }
        }
        for command in ["list", "login", "switch", "token"] {
            #expect(try DeclaredCompletion.listed(command: command, argument: "server") == ShellCompletion.serverNames)
        }
        #expect(try DeclaredCompletion.listed(command: "use", argument: "server") == ShellCompletion.serverNames)
    }

    @Test(
        "--account asks stories-cli for the signed-in accounts when Tab is pressed",
        arguments: ["switch", "logout", "token"])
    func accountOption(command: String) throws {
        let kind = try #require(try DeclaredCompletion.kind(command: command, argument: "account"))
        #expect(kind.keys.contains("custom"), "\(kind)")
    }

    @Test("--account offers the two accounts signed in to the selected server, not another server's")
    func twoAccounts() async throws {
        try await store(["demo", "alice"], on: ["http://127.0.0.1:8080/v1"])
        try await store(["bob"], on: ["https://staging.api.stories.example/v1"])
        #expect(accounts(["--server", "local", "--credentials-db", path]) == ["alice", "demo"])
        #expect(accounts(["--server=local", "--credentials-db=\(path)"]) == ["alice", "demo"])
        // The URL as the user typed it, quotes and trailing slash included, names the same server.
        #expect(
            accounts(["--server-url", "'http://127.0.0.1:8080/v1/'", "--credentials-db", "\"\(path)\""]) == [
                "alice", "demo",
            ])
        #expect(accounts(["--server", "staging", "--credentials-db", path]) == ["bob"])
        #expect(accounts(["--credentials-db", path]) == [], "production, the default, has no session")
        #expect(accounts(["--server", "nowhere", "--credentials-db", path]) == [])
    }

    @Test(
        "--account completes after --server-url http://…, which bash splits at the colons of COMP_WORDBREAKS",
        arguments: [
            ["--server-url", "http", ":", "//127.0.0.1", ":", "8080/v1"],
            ["--server-url", "=", "http", ":", "//127.0.0.1", ":", "8080/v1/"],
        ])
    func urlSplitAtColons(url: [String]) async throws {
        try await store(["demo", "alice"], on: ["http://127.0.0.1:8080/v1"])
        #expect(accounts(url + ["--credentials-db", path]) == ["alice", "demo"])
    }

    @Test("The environment and the default server choose as they do for a command")
    func environment() async throws {
        try await store(["demo", "alice"], on: ["http://127.0.0.1:8080/v1"])
        #expect(
            accounts([], environment: ["STORIES_SERVER": "local", "STORIES_CREDENTIALS_DB": path]) == ["alice", "demo"])
        let configHome = directory.appending(path: "config").path
        _ = try CLIConfiguration(defaultServer: "local").save(environment: ["XDG_CONFIG_HOME": configHome])
        #expect(
            accounts([], environment: ["XDG_CONFIG_HOME": configHome, "STORIES_CREDENTIALS_DB": path]) == [
                "alice", "demo",
            ])
        // The default location: $XDG_DATA_HOME/stories-cli/credentials.sqlite.
        let dataHome = directory.appending(path: "xdg-data").path
        try FileManager.default.createDirectory(atPath: dataHome + "/stories-cli", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: dataHome + "/stories-cli/credentials.sqlite")
        #expect(accounts(["--server", "local"], environment: ["XDG_DATA_HOME": dataHome]) == ["alice", "demo"])
    }

    @Test("No credentials file: nothing offered, and neither the file nor its directory is created")
    func noStore() {
        #expect(accounts(["--server", "local", "--credentials-db", path]) == [])
        #expect(accounts(["--server", "local"], environment: ["XDG_DATA_HOME": directory.path + "/xdg"]) == [])
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("Through the parser, as the completion script asks: stories-cli ---completion switch -- --account")
    func throughTheParser() async throws {
        try await store(["demo", "alice"], on: ["http://127.0.0.1:8080/v1"])
        let arguments = [
            "---completion", "switch", "--", "--account", "7", "0", "stories-cli", "switch", "--server", "local",
            "--credentials-db", path, "--account", "",
        ]
        guard case .exit(let error) = ParsedCommandLine(arguments) else {
            Issue.record("the completion request was not answered")
            return
        }
        #expect(StoriesCommand.exitCode(for: error) == .success)
        #expect(StoriesCommand.fullMessage(for: error).split(separator: "\n") == ["alice", "demo"])
    }

    @Test("A completion request the parser cannot read prints nothing and fails quietly, never an error line")
    func unreadableRequest() {
        // Without the cursor index, as an old completion script would send it.
        let arguments = ["---completion", "switch", "--", "--account", "5", "stories-cli", "switch", "--account", ""]
        guard case .exit(let error) = ParsedCommandLine(arguments) else {
            Issue.record("the request was reported as a usage error")
            return
        }
        #expect(StoriesCommand.exitCode(for: error) == .failure)
        #expect(StoriesCommand.fullMessage(for: error).isEmpty)
    }
}

/// The completion each command declares for an argument, as the parser describes the commands to
/// `--experimental-dump-help` (and so to the completion scripts).
enum DeclaredCompletion {
    /// The `completionKind` of `command`'s argument `name` (an option's long name, or a positional's value name).
    static func kind(command: String, argument name: String) throws -> [String: Any]? {
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(StoriesCommand._dumpHelp().utf8)) as? [String: Any])
        let tool = try #require(root["command"] as? [String: Any])
        let subcommands = try #require(tool["subcommands"] as? [[String: Any]])
        let found = try #require(subcommands.first { $0["commandName"] as? String == command })
        let arguments = try #require(found["arguments"] as? [[String: Any]])
        let argument = arguments.first { argument in
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            return names.contains(name) || argument["valueName"] as? String == name
        }
        return argument?["completionKind"] as? [String: Any]
    }

    static func listed(command: String, argument: String) throws -> [String]? {
        (try kind(command: command, argument: argument)?["list"] as? [String: Any])?["values"] as? [String]
    }
}
