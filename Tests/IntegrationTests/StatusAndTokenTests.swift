import APIClient
import Authorization
import CredentialsStore
import Foundation
import StoriesCLITestSupport
import StoriesServerKit
import Testing

@testable import StoriesCLIKit

/// `status` and `token` through the CLI's commands and the real stack, against a real server.
@Suite("status and token", .serialized)
struct StatusAndTokenTests {
    let cli = CLIHarness("status")

    @Test("status lists the stored session with its account and marks the selected server as the default")
    func statusListsSessions() async throws {
        try await RunningServer.with { server in
            // No session at all is "not signed in", as gh's `auth status` exits 1: a script's `status || exit` stops.
            let empty = await cli.run(try StatusCommand.parse([]), on: server)
            #expect(empty.status == .signInRequired)
            #expect(empty.output.standard.isEmpty)
            #expect(empty.output.error.contains("No stored sessions. Sign in with `stories-cli login"))
            let emptyJSON = await cli.run(try StatusCommand.parse(["--json"]), on: server)
            #expect(emptyJSON.status == .signInRequired)
            let listed = try JSONSerialization.jsonObject(with: Data(emptyJSON.output.standard.utf8)) as? [Any]
            #expect(listed?.isEmpty == true)
            // status reads the file only: a file that is not there is no sessions, and stays not there.
            #expect(!FileManager.default.fileExists(atPath: cli.credentialsPath))

            let login = await cli.run(
                try LoginCommand.parse(["--username", "demo", "--password-stdin"]), on: server,
                input: .piped([ServerConfiguration.demoPassword]))
            try #require(login.status == .success)

            let human = await cli.run(try StatusCommand.parse([]), on: server)
            #expect(human.status == .success)
            #expect(human.output.standard.contains("\(server.baseURL.absoluteString) (default)"))
            #expect(human.output.standard.contains("account:       demo"))
            #expect(human.output.standard.contains("fresh, expires in"))
            #expect(human.output.standard.contains("refreshed:     just now"))
            // The reference server is its own authorization server: its issuer is its origin.
            let issuer = "http://\(server.baseURL.host() ?? ""):\(server.baseURL.port ?? 0)"
            #expect(human.output.standard.contains("issued by:     \(issuer)\n"))

            let json = await cli.run(try StatusCommand.parse(["--json"]), on: server)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.standard.utf8)) as? [[String: Any]])
            #expect(entries.count == 1)
            #expect(entries.first?["account"] as? String == "demo")
            #expect(entries.first?["isDefault"] as? Bool == true)
            #expect(entries.first?["accessTokenFresh"] as? Bool == true)
            #expect(entries.first?["issuer"] as? String == issuer)
            let stored = try #require(try await cli.storedCredential(for: server))
            #expect(!json.output.standard.contains(stored.accessToken.unredacted))
            #expect(!human.output.standard.contains(stored.accessToken.unredacted))
        }
    }

    @Test(
        "Commands that only read while signed out create neither the credentials file nor its directory",
        arguments: [["list"], ["show", "1"], ["whoami"], ["token"], ["status"], ["logout"], ["logout", "--all"]])
    func readOnlyCommandsCreateNothing(arguments: [String]) async throws {
        try await RunningServer.with { server in
            let directory = URL(filePath: cli.credentialsPath).deletingLastPathComponent().path
            let command = try StoriesCommand.parseAsRoot(arguments)
            guard let subcommand = command as? any StoriesSubcommand else {
                Issue.record("\(arguments) is no StoriesSubcommand")
                return
            }
            let status = await subcommand.run(
                environment: cli.environment(server), output: CapturedOutput(), input: .piped([]), now: { Date() })
            #expect(status != .ioError)
            #expect(!FileManager.default.fileExists(atPath: directory), "\(arguments)")
        }
    }

    @Test("status exits 77 when a listed session needs a new sign-in, naming the command, with --json unchanged")
    func statusExitsWhenSignInRequired() async throws {
        try await RunningServer.with { server in
            let login = await cli.run(
                try LoginCommand.parse(["--username", "demo", "--password-stdin"]), on: server,
                input: .piped([ServerConfiguration.demoPassword]))
            try #require(login.status == .success)
            let fresh = await cli.run(try StatusCommand.parse([]), on: server)
            #expect(fresh.status == .success)

            // The server ended the session: what a refused refresh leaves in the file.
            var ended = try #require(try await cli.storedCredential(for: server))
            ended.isSignInRequired = true
            ended.refreshToken = nil
            let store = try SQLiteCredentialsStore(path: cli.credentialsPath)
            _ = try await store.save(ended, ifGenerationIs: ended.generation)

            let human = await cli.run(try StatusCommand.parse([]), on: server)
            #expect(human.status == .signInRequired)
            #expect(human.output.standard.contains("ended by the server; sign in again"))
            #expect(
                human.output.error
                    == "error: The session of demo on \(server.baseURL.absoluteString) needs a new sign-in: `stories-cli login --server-url \(server.baseURL.absoluteString) --username=demo`.\n"
            )
            let json = await cli.run(try StatusCommand.parse(["--json"]), on: server)
            #expect(json.status == .signInRequired)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.standard.utf8)) as? [[String: Any]])
            #expect(entries.first?["signInRequired"] as? Bool == true)
        }
    }

    @Test("token prints the stored access token while it is fresh, and renews it first once it has expired")
    func tokenRefreshesWhenExpired() async throws {
        try await RunningServer.with { server in
            let notSignedIn = await cli.run(try TokenCommand.parse([]), on: server)
            #expect(notSignedIn.status == .signInRequired)
            #expect(notSignedIn.output.standard.isEmpty)

            let login = await cli.run(
                try LoginCommand.parse(["--username", "demo", "--password-stdin"]), on: server,
                input: .piped([ServerConfiguration.demoPassword]))
            try #require(login.status == .success)
            let signedIn = try #require(try await cli.storedCredential(for: server))

            let fresh = await cli.run(try TokenCommand.parse([]), on: server)
            #expect(fresh.status == .success)
            #expect(fresh.output.standard == signedIn.accessToken.unredacted + "\n")

            let later = Date().addingTimeInterval(24 * 3600)
            let renewed = await cli.run(try TokenCommand.parse([]), on: server, now: { later })
            #expect(renewed.status == .success, "\(renewed.output.error)")
            let refreshed = try #require(try await cli.storedCredential(for: server))
            #expect(refreshed.generation > signedIn.generation)
            #expect(renewed.output.standard == refreshed.accessToken.unredacted + "\n")
            #expect(refreshed.accessToken != signedIn.accessToken)
            // Nothing about the renewal on stderr: at most the note that the session is DPoP-bound, which the server
            // makes it by default (DPoPSessionTests, "token prints a DPoP-bound session's token with a note …").
            let lines = renewed.output.error.split(separator: "\n")
            #expect(
                lines.allSatisfy { $0.hasPrefix("note: this session's tokens are bound to this machine's DPoP key") })
        }
    }
}
