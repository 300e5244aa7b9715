import APIClient
import Authorization
import CredentialsStore
import Foundation
import StoriesCLIKit
import StoriesServerKit
import TestSupport
import Testing

/// `status` and `token` through the CLI's commands and the real stack, against a real server.
@Suite("status and token", .serialized)
struct StatusAndTokenTests {
    let credentialsPath = FileManager.default.temporaryDirectory
        .appendingPathComponent("status-\(UUID().uuidString)/credentials.sqlite").path

    func run(
        _ arguments: [String], _ command: (some StoriesSubcommand).Type, on server: RunningServer,
        stdin: [String] = [], now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> (status: CLIExitCode, output: CapturedOutput) {
        let output = CapturedOutput()
        let status = try await command.parse(arguments).run(
            environment: [
                "STORIES_SERVER_URL": server.baseURL.absoluteString, "STORIES_CREDENTIALS_DB": credentialsPath,
            ],
            output: output, input: .piped(stdin), now: now)
        return (status, output)
    }

    func storedCredential(for server: RunningServer) async throws -> Credential? {
        try await SQLiteCredentialsStore(path: credentialsPath).credential(for: try ServerOrigin(server.baseURL))
    }

    @Test("status lists the stored session with its account and marks the selected server as the default")
    func statusListsSessions() async throws {
        try await RunningServer.with { server in
            let empty = try await run([], StatusCommand.self, on: server)
            #expect(empty.status == .success)
            #expect(empty.output.standard.hasPrefix("No stored sessions."))

            let login = try await run(
                ["--username", "demo", "--password-stdin"], LoginCommand.self, on: server,
                stdin: [ServerConfiguration.demoPassword])
            try #require(login.status == .success)

            let human = try await run([], StatusCommand.self, on: server)
            #expect(human.status == .success)
            #expect(human.output.standard.contains("\(server.baseURL.absoluteString) (default)"))
            #expect(human.output.standard.contains("account:       demo"))
            #expect(human.output.standard.contains("fresh, expires in"))
            #expect(human.output.standard.contains("refreshed:     just now"))

            let json = try await run(["--json"], StatusCommand.self, on: server)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.standard.utf8)) as? [[String: Any]])
            #expect(entries.count == 1)
            #expect(entries.first?["account"] as? String == "demo")
            #expect(entries.first?["isDefault"] as? Bool == true)
            #expect(entries.first?["accessTokenFresh"] as? Bool == true)
            let stored = try #require(try await storedCredential(for: server))
            #expect(!json.output.standard.contains(stored.accessToken.unredacted))
            #expect(!human.output.standard.contains(stored.accessToken.unredacted))
        }
    }

    @Test("token prints the stored access token while it is fresh, and renews it first once it has expired")
    func tokenRefreshesWhenExpired() async throws {
        try await RunningServer.with { server in
            let notSignedIn = try await run([], TokenCommand.self, on: server)
            #expect(notSignedIn.status == .signInRequired)
            #expect(notSignedIn.output.standard.isEmpty)

            let login = try await run(
                ["--username", "demo", "--password-stdin"], LoginCommand.self, on: server,
                stdin: [ServerConfiguration.demoPassword])
            try #require(login.status == .success)
            let signedIn = try #require(try await storedCredential(for: server))

            let fresh = try await run([], TokenCommand.self, on: server)
            #expect(fresh.status == .success)
            #expect(fresh.output.standard == signedIn.accessToken.unredacted + "\n")

            let later = Date().addingTimeInterval(24 * 3600)
            let renewed = try await run([], TokenCommand.self, on: server, now: { later })
            #expect(renewed.status == .success, "\(renewed.output.error)")
            let refreshed = try #require(try await storedCredential(for: server))
            #expect(refreshed.generation > signedIn.generation)
            #expect(renewed.output.standard == refreshed.accessToken.unredacted + "\n")
            #expect(refreshed.accessToken != signedIn.accessToken)
            #expect(renewed.output.error.isEmpty)
        }
    }
}
