import APIClient
import Authorization
import AuthorizationServerClient
import CredentialsStore
import Foundation
import OpenAPIAsyncHTTPClient
import StoriesCLITestSupport
import StoriesServerKit
import TestSupport
import Testing

@testable import StoriesCLIKit

/// register → login → whoami → logout, through the CLI's commands and the real stack, against a real server.
@Suite("Onboarding end to end", .serialized)
struct OnboardingFlowTests {
    let cli = CLIHarness("onboarding")

    func storedRefreshToken(for server: RunningServer) async throws -> Secret? {
        try await SQLiteCredentialsStore(path: cli.credentialsPath).credential(for: try ServerOrigin(server.baseURL))?
            .refreshToken
    }

    @Test("A new user registers, sees who they are, lists stories and signs out; the old token is dead")
    func fullFlow() async throws {
        try await RunningServer.with { server in
            let register = await cli.run(
                try RegisterCommand.parse(["--username", "newbie", "--display-name", "New Bie", "--password-stdin"]),
                on: server,
                input: .piped(["newbie-password"])
            )
            #expect(register.status == .success, "\(register.output.error)")
            #expect(
                register.output.standard.contains("Created newbie on \(server.baseURL.absoluteString) and signed in."))

            let login = await cli.run(
                try LoginCommand.parse(["--username", "newbie", "--password-stdin"]),
                on: server,
                input: .piped(["newbie-password"])
            )
            #expect(login.status == .success, "\(login.output.error)")
            #expect(
                login.output.error.contains("The previous session of newbie on this server was replaced and revoked."))

            let whoami = await cli.run(try WhoamiCommand.parse(["--json"]), on: server)
            #expect(whoami.status == .success, "\(whoami.output.error)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(whoami.output.standard.utf8)) as? [String: Any]
            )
            #expect(object["username"] as? String == "newbie")
            #expect(object["displayName"] as? String == "New Bie")
            #expect(object["accessTokenFresh"] as? Bool == true)
            #expect(object["server"] as? String == server.baseURL.absoluteString)

            let human = await cli.run(try WhoamiCommand.parse([]), on: server)
            #expect(human.output.standard.hasPrefix("newbie (New Bie)\n"))

            #expect(await cli.run(try ListCommand.parse(["--limit", "2"]), on: server).status == .success)

            let refreshToken = try #require(try await storedRefreshToken(for: server))
            let logout = await cli.run(try LogoutCommand.parse([]), on: server)
            #expect(logout.status == .success, "\(logout.output.error)")
            #expect(logout.output.standard.contains("Signed out of \(server.baseURL.absoluteString) (newbie)."))
            #expect(try await storedRefreshToken(for: server) == nil)

            // The server no longer honours the revoked refresh token.
            let refused = try await AuthorizationServerClient.Client(
                serverURL: server.baseURL, transport: AsyncHTTPClientTransport()
            ).createToken(
                body: .urlEncodedForm(
                    .init(grantType: .refreshToken, refreshToken: refreshToken.unredacted, clientId: "stories-cli")))
            guard case .badRequest(let bad) = refused, case .json(let error) = bad.body else {
                Issue.record("expected invalid_grant, got \(refused)")
                return
            }
            #expect(error.error == "invalid_grant")

            let list = await cli.run(try ListCommand.parse([]), on: server)
            #expect(list.status == .signInRequired)
            #expect(list.output.error.contains("stories-cli login --server-url \(server.baseURL.absoluteString)"))
        }
    }

    @Test("A taken username is a clear message, not a crash")
    func duplicateUsername() async throws {
        try await RunningServer.with { server in
            let register = await cli.run(
                try RegisterCommand.parse(["--username", "demo", "--password-stdin"]),
                on: server,
                input: .piped(["another-password"])
            )
            #expect(register.status == .failure)
            #expect(register.output.error.contains("That username is already taken"))
            #expect(try await storedRefreshToken(for: server) == nil)
        }
    }

    @Test(
        "Invalid registration input is refused before any request (exit 64)",
        arguments: [
            (["--username", "ab"], "long-enough-password"), (["--username", "Upper"], "long-enough-password"),
            (["--username", "fine-name"], "short"),
        ])
    func invalidRegistration(arguments: [String], password: String) async throws {
        try await RunningServer.with { server in
            let register = await cli.run(
                try RegisterCommand.parse(arguments + ["--password-stdin"]),
                on: server,
                input: .piped([password])
            )
            #expect(register.status == .usage)
            #expect(!register.output.error.contains(password))
        }
    }

    @Test("Sessions are per server: signing out of one leaves the other signed in; --all signs out of both")
    func sessionsArePerServer() async throws {
        try await RunningServer.with { first in
            try await RunningServer.with { second in
                for server in [first, second] {
                    let login = await cli.run(
                        try LoginCommand.parse(["--username", "demo", "--password-stdin"]),
                        on: server,
                        input: .piped([ServerConfiguration.demoPassword])
                    )
                    #expect(login.status == .success)
                }
                #expect(await cli.run(try LogoutCommand.parse([]), on: first).status == .success)
                #expect(await cli.run(try ListCommand.parse(["--limit", "1"]), on: first).status == .signInRequired)
                #expect(await cli.run(try ListCommand.parse(["--limit", "1"]), on: second).status == .success)

                let all = await cli.run(try LogoutCommand.parse(["--all"]), on: first)
                #expect(all.status == .success, "\(all.output.error)")
                #expect(all.output.standard.contains("Signed out of \(second.baseURL.absoluteString) (demo)."))
                #expect(await cli.run(try ListCommand.parse(["--limit", "1"]), on: second).status == .signInRequired)
            }
        }
    }

    @Test("Signing out when the server is down removes the session here and reports the failed revocation")
    func signOutWhileServerDown() async throws {
        let server = try await RunningServer.start()
        let login = await cli.run(
            try LoginCommand.parse(["--username", "demo", "--password-stdin"]),
            on: server,
            input: .piped([ServerConfiguration.demoPassword])
        )
        #expect(login.status == .success)
        await server.stop()
        let refusing = try RefusingPort(taking: try #require(server.baseURL.port))
        defer { refusing.release() }
        let logout = await cli.run(try LogoutCommand.parse([]), on: server)
        #expect(logout.status == .unreachable)
        #expect(logout.output.error.contains("revoking it at the server failed"))
        #expect(logout.output.error.contains("the connection was refused"))
        #expect(try await storedRefreshToken(for: server) == nil)
    }
}
