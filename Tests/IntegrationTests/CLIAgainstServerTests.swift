import Foundation
import StoriesCLITestSupport
import StoriesServerKit
import TestSupport
import Testing

@testable import StoriesCLIKit

/// The real client stack — generated client, middlewares, AsyncHTTPClient, SQLite credentials store — driven through
/// the CLI's commands against a real `stories-server` on an ephemeral loopback port.
@Suite("stories-cli against stories-server", .serialized)
struct CLIAgainstServerTests {
    let cli = CLIHarness("cli-integration")

    func signIn(
        on server: RunningServer, password: String = ServerConfiguration.demoPassword
    ) async throws -> (
        status: CLIExitCode, output: CapturedOutput
    ) {
        let login = try LoginCommand.parse(["--username", "demo", "--password-stdin"])
        return await cli.run(login, on: server, input: .piped([password]))
    }

    @Test(
        "A server URL without the API's /v1 is caught at sign-in: exit 64 naming the likely /v1 URL, nothing asked for or stored",
        .timeLimit(.minutes(1)), arguments: ["login", "register", "login --device"])
    func serverURLWithoutBasePath(command: String) async throws {
        try await RunningServer.with { server in
            let root = try #require(URL(string: "/", relativeTo: server.baseURL)?.absoluteURL.absoluteString)
            let origin = String(root.dropLast())
            var environment = cli.environment(server)
            environment["STORIES_SERVER_URL"] = origin
            let arguments =
                command == "login --device"
                ? ["login", "--device"] : [command, "--username", "demo", "--password-stdin"]
            let parsed = try #require(try StoriesCommand.parseAsRoot(arguments) as? any StoriesSubcommand)
            let output = CapturedOutput()
            let status = await parsed.run(
                environment: environment, output: output, input: .piped(["a-long-enough-password"]), now: { Date() })
            #expect(status == .usage, "\(output.error)")
            #expect(output.error.split(separator: "\n").count == 1, "\(output.error)")
            #expect(output.error.contains("\(origin)/v1"), "\(output.error)")
            #expect(!output.standard.contains("Signed in"))
            #expect(!FileManager.default.fileExists(atPath: cli.credentialsPath))
        }
    }

    @Test("A server with the password grant turned off sends login --username to the browser and device sign-in")
    func passwordGrantDisabled() async throws {
        var configuration = ServerConfiguration(port: 0, storyCount: 5, passwordHashCost: 4)
        configuration.passwordGrantEnabled = false
        try await RunningServer.with(configuration: configuration) { server in
            let login = try await signIn(on: server)
            #expect(login.status == .failure)
            let url = server.baseURL.absoluteString
            #expect(
                login.output.error
                    == "error: \(url) does not accept a password here; `stories-cli login --server-url \(url)` signs in in a browser, `stories-cli login --server-url \(url) --device` with a code.\n"
            )
            #expect(try await cli.storedCredential(for: server) == nil)
        }
    }

    @Test("Signs in, then lists the first page in a readable layout")
    func signsInAndLists() async throws {
        try await RunningServer.with { server in
            let login = try await signIn(on: server)
            #expect(login.status == .success, "\(login.output.error)")
            #expect(
                login.output.standard.contains(
                    "Signed in to \(server.baseURL.absoluteString) as demo; demo is now the active account."))

            let list = await cli.run(try ListCommand.parse(["--limit", "5"]), on: server)
            #expect(list.status == .success, "\(list.output.error)")
            let lines = list.output.standard.split(separator: "\n")
            #expect(lines.count == 10)
            #expect(lines.first?.hasPrefix("50  ") == true)
            #expect(lines[1].contains("points by"))
        }
    }

    @Test(
        "A --cursor the server does not accept is a usage error (64) that says what --cursor takes, with no listing",
        arguments: [["--cursor", "garbage"], ["--cursor", "garbage", "--json"], ["--cursor", "garbage", "--all"]])
    func rejectedCursorIsUsage(arguments: [String]) async throws {
        try await RunningServer.with { server in
            try #require(try await signIn(on: server).status == .success)
            let list = await cli.run(try ListCommand.parse(arguments), on: server)
            #expect(list.status == .usage, "\(list.output.error)")
            #expect(list.output.standard.isEmpty)
            #expect(list.output.error.split(separator: "\n").count == 1)
            #expect(list.output.error.contains("--cursor 'garbage'") || list.output.error.contains("--cursor garbage"))
            #expect(list.output.error.contains("nextCursor"))
        }
    }

    @Test("--json emits valid, stable JSON and --all follows every page")
    func listsAllAsJSON() async throws {
        try await RunningServer.with { server in
            #expect(try await signIn(on: server).status == .success)
            let list = await cli.run(try ListCommand.parse(["--all", "--limit", "7", "--json"]), on: server)
            #expect(list.status == .success, "\(list.output.error)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(list.output.standard.utf8)) as? [String: Any]
            )
            let stories = try #require(object["stories"] as? [[String: Any]])
            #expect(stories.count == 50)
            #expect(object["nextCursor"] is NSNull)
            #expect(Set(stories[0].keys) == ["id", "title", "url", "author", "score", "commentCount", "createdAt"])
            #expect(Set(stories.map { $0["id"] as? String }).count == 50)
        }
    }

    @Test("Shows one story, and says clearly when it does not exist")
    func showsStory() async throws {
        try await RunningServer.with { server in
            #expect(try await signIn(on: server).status == .success)
            let shown = await cli.run(try ShowCommand.parse(["7", "--json"]), on: server)
            #expect(shown.status == .success, "\(shown.output.error)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(shown.output.standard.utf8)) as? [String: Any])
            #expect(object["id"] as? String == "7")

            let missing = await cli.run(try ShowCommand.parse(["9999"]), on: server)
            #expect(missing.status == .failure)
            #expect(missing.output.error.contains("No story has id 9999"))
        }
    }

    @Test("Without a session, list exits 77 and names the login command")
    func requiresSignIn() async throws {
        try await RunningServer.with { server in
            let list = await cli.run(try ListCommand.parse([]), on: server)
            #expect(list.status == .signInRequired)
            #expect(list.output.error.contains("stories-cli login --server-url \(server.baseURL.absoluteString)"))
        }
    }

    @Test("A wrong password is refused, stores nothing, and never echoes the password")
    func wrongPassword() async throws {
        try await RunningServer.with { server in
            let login = try await signIn(on: server, password: "not-the-password")
            #expect(login.status == .signInRequired)
            #expect(login.output.error.contains("did not accept that username and password"))
            #expect(!login.output.error.contains("not-the-password"))
            let list = await cli.run(try ListCommand.parse([]), on: server)
            #expect(list.status == .signInRequired)
        }
    }

    @Test("A server that stopped exits 69, names the server, and keeps the session")
    func unreachable() async throws {
        let server = try await RunningServer.start()
        #expect(try await signIn(on: server).status == .success)
        await server.stop()
        let refusing = try RefusingPort(taking: try #require(server.baseURL.port))
        defer { refusing.release() }
        let list = await cli.run(try ListCommand.parse([]), on: server)
        #expect(list.status == .unreachable)
        #expect(list.output.error.contains("Could not reach \(server.baseURL.absoluteString)"))
    }

    @Test("A session for one server is never sent to another")
    func sessionsArePerServer() async throws {
        try await RunningServer.with { first in
            #expect(try await signIn(on: first).status == .success)
            try await RunningServer.with { second in
                let list = await cli.run(try ListCommand.parse([]), on: second)
                #expect(list.status == .signInRequired)
            }
        }
    }

    @Test("A damaged credentials file exits 74 and is left as it was")
    func damagedStore() async throws {
        try await RunningServer.with { server in
            let directory = (cli.credentialsPath as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let garbage = Data(repeating: 0x42, count: 8192)
            try garbage.write(to: URL(fileURLWithPath: cli.credentialsPath))
            let list = await cli.run(try ListCommand.parse([]), on: server)
            #expect(list.status == .ioError)
            #expect(list.output.error.contains("damaged"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: cli.credentialsPath)) == garbage)
        }
    }

    @Test(
        "Out-of-range option values are usage errors (exit 64)",
        arguments: [["--limit", "0"], ["--limit", "101"], ["--server", "moon"]])
    func rejectsOptionValues(arguments: [String]) {
        do {
            _ = try ListCommand.parse(arguments)
            Issue.record("parsed \(arguments)")
        } catch {
            #expect(ListCommand.exitCode(for: error).rawValue == 64)
        }
    }
}

@Suite("stories-cli --verbose", .serialized)
struct VerboseLoggingTests {
    @Test("Logs each request with method, path, status and duration, and no token or password")
    func logsRequestsWithoutSecrets() async throws {
        let cli = CLIHarness("verbose")
        try await RunningServer.with { server in
            let environment = cli.environment(server)
            let login = CapturedOutput()
            let loginStatus = try await LoginCommand.parse(["--username", "demo", "--password-stdin", "--verbose"])
                .run(environment: environment, output: login, input: .piped(["demo-password"]), now: { Date() })
            #expect(loginStatus == .success)
            #expect(login.error.contains("POST /v1/oauth/token → 200"))
            #expect(!login.error.contains("demo-password"))

            let list = CapturedOutput()
            let listStatus = try await ListCommand.parse(["--verbose", "--limit", "2"])
                .run(environment: environment, output: list, input: .piped([]), now: { Date() })
            #expect(listStatus == .success)
            #expect(list.error.firstMatch(of: /GET \/v1\/stories\?limit=2 → 200 in \d+ ms/) != nil)
            for text in [login.standard, login.error, list.standard, list.error] {
                #expect(text.firstMatch(of: /[A-Za-z0-9_\-]{40,}/) == nil, "token-shaped text in: \(text)")
                #expect(!text.contains("Bearer "))
            }
        }
    }
}
