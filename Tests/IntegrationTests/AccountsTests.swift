import Authorization
import CredentialsStore
import Foundation
import StoriesCLITestSupport
import StoriesServerKit
import Testing

@testable import StoriesCLIKit

/// Several accounts on one server — login, switch, status, whoami, logout — through the CLI's commands and the real
/// stack, against a real server.
@Suite("Several accounts per server, end to end", .serialized)
struct AccountsTests {
    let cli = CLIHarness("accounts")

    /// Signs in as demo, then registers (and so signs in as) each of `others`, whose password is `NAME-password`.
    func signIn(demoThen others: [String], on server: RunningServer) async throws {
        let login = await cli.run(
            try LoginCommand.parse(["--username", "demo", "--password-stdin"]), on: server,
            input: .piped([ServerConfiguration.demoPassword]))
        try #require(login.status == .success, "\(login.output.error)")
        for name in others {
            let register = await cli.run(
                try RegisterCommand.parse(["--username", name, "--password-stdin"]), on: server,
                input: .piped(["\(name)-password"]))
            try #require(register.status == .success, "\(register.output.error)")
        }
    }

    func whoami(on server: RunningServer) async throws -> String? {
        let whoami = await cli.run(try WhoamiCommand.parse(["--json"]), on: server)
        let object = try JSONSerialization.jsonObject(with: Data(whoami.output.standard.utf8)) as? [String: Any]
        return object?["username"] as? String
    }

    @Test("login adds an account and makes it active; status lists every account and marks the active one")
    func loginAddsAccount() async throws {
        try await RunningServer.with { server in
            let url = server.baseURL.absoluteString
            let login = await cli.run(
                try LoginCommand.parse(["--username", "demo", "--password-stdin"]), on: server,
                input: .piped([ServerConfiguration.demoPassword]))
            #expect(login.output.standard == "Signed in to \(url) as demo; demo is now the active account.\n")
            let register = await cli.run(
                try RegisterCommand.parse(["--username", "alice", "--password-stdin"]), on: server,
                input: .piped(["alice-password"]))
            #expect(register.status == .success, "\(register.output.error)")
            #expect(
                register.output.error.contains(
                    "demo is still signed in; switch back with `stories-cli switch --server-url \(url) --account=demo`."
                ))
            #expect(try await whoami(on: server) == "alice")

            let human = await cli.run(try StatusCommand.parse([]), on: server)
            #expect(human.status == .success)
            #expect(human.output.standard.hasPrefix("\(url) (default)\n  account:       alice (active)\n"))
            #expect(human.output.standard.contains("\n  account:       demo\n"))

            let json = await cli.run(try StatusCommand.parse(["--json"]), on: server)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.standard.utf8)) as? [[String: Any]])
            #expect(entries.map { $0["account"] as? String } == ["alice", "demo"])
            #expect(entries.map { $0["isActive"] as? Bool } == [true, false])

            // With demo active, the human layout lists it first; --json keeps the store's order (by account).
            _ = await cli.run(try SwitchCommand.parse(["--account", "demo"]), on: server)
            let switchedHuman = await cli.run(try StatusCommand.parse([]), on: server)
            #expect(switchedHuman.output.standard.hasPrefix("\(url) (default)\n  account:       demo (active)\n"))
            let switchedJSON = await cli.run(try StatusCommand.parse(["--json"]), on: server)
            let switchedEntries = try #require(
                try JSONSerialization.jsonObject(with: Data(switchedJSON.output.standard.utf8)) as? [[String: Any]])
            #expect(switchedEntries.map { $0["account"] as? String } == ["alice", "demo"])
            #expect(switchedEntries.map { $0["isActive"] as? Bool } == [false, true])
        }
    }

    @Test("token --account prints another signed-in account's token without switching; an unknown account is exit 67")
    func tokenOfAnotherAccount() async throws {
        try await RunningServer.with { server in
            try await signIn(demoThen: ["alice"], on: server)
            #expect(try await whoami(on: server) == "alice")
            let token = await cli.run(try TokenCommand.parse(["--account", "demo"]), on: server)
            #expect(token.status == .success, "\(token.output.error)")
            let store = try SQLiteCredentialsStore(path: cli.credentialsPath)
            let demo = try #require(
                try await store.credential(for: try ServerOrigin(server.baseURL), account: "demo"))
            #expect(token.output.standard == demo.accessToken.unredacted + "\n")
            #expect(try await whoami(on: server) == "alice")

            let unknown = await cli.run(try TokenCommand.parse(["--account", "carol"]), on: server)
            #expect(unknown.status == .unknownAccount)
            #expect(unknown.output.standard.isEmpty)
            #expect(unknown.output.error.contains("carol is not signed in to \(server.baseURL.absoluteString)."))
        }
    }

    @Test("switch goes to the other of two accounts, takes --account among more, and names an unknown account")
    func switches() async throws {
        try await RunningServer.with { server in
            let url = server.baseURL.absoluteString
            try await signIn(demoThen: ["alice"], on: server)

            let toOther = await cli.run(try SwitchCommand.parse([]), on: server)
            #expect(toOther.status == .success, "\(toOther.output.error)")
            #expect(toOther.output.standard == "demo is now the active account on \(url).\n")
            #expect(try await whoami(on: server) == "demo")

            let unknown = await cli.run(try SwitchCommand.parse(["--account", "carol"]), on: server)
            #expect(unknown.status == .unknownAccount)
            #expect(unknown.output.error.contains("carol is not signed in to \(url)."))
            #expect(try await whoami(on: server) == "demo")

            try await signIn(demoThen: ["bob"], on: server)
            let ambiguous = await cli.run(try SwitchCommand.parse([]), on: server)
            #expect(ambiguous.status == .usage)
            #expect(ambiguous.output.error.contains("3 accounts are signed in to \(url): alice, bob (active), demo."))
            #expect(try await whoami(on: server) == "bob")

            let named = await cli.run(try SwitchCommand.parse(["--account", "alice"]), on: server)
            #expect(named.status == .success, "\(named.output.error)")
            #expect(try await whoami(on: server) == "alice")

            let again = await cli.run(try SwitchCommand.parse(["--account", "alice"]), on: server)
            #expect(again.status == .success)
            #expect(again.output.standard == "alice is already the active account on \(url).\n")
        }
    }

    @Test("switch among more than two accounts on a terminal asks which, by number; a wrong number is exit 64")
    func switchAsksOnTerminal() async throws {
        try await RunningServer.with { server in
            let url = server.baseURL.absoluteString
            try await signIn(demoThen: ["alice", "bob"], on: server)
            let terminal = { (answer: String) in
                UserInput(
                    isInteractive: true, readLine: { nil }, readSecret: { _ in nil }, readVisible: { _ in answer })
            }
            let chosen = await cli.run(try SwitchCommand.parse([]), on: server, input: terminal("3"))
            #expect(chosen.status == .success, "\(chosen.output.error)")
            #expect(chosen.output.error == "Accounts signed in to \(url):\n  1. alice\n  2. bob (active)\n  3. demo\n")
            #expect(chosen.output.standard == "demo is now the active account on \(url).\n")
            #expect(try await whoami(on: server) == "demo")

            let wrong = await cli.run(try SwitchCommand.parse([]), on: server, input: terminal("7"))
            #expect(wrong.status == .usage)
            #expect(wrong.output.error.hasSuffix("error: '7' is not one of the numbers 1 to 3.\n"))
            #expect(try await whoami(on: server) == "demo")
        }
    }

    @Test(
        "logout ends the active account and says which takes over; --account ends another; --all-accounts ends every one"
    )
    func logsOut() async throws {
        try await RunningServer.with { server in
            let url = server.baseURL.absoluteString
            try await signIn(demoThen: ["alice", "bob"], on: server)

            let active = await cli.run(try LogoutCommand.parse([]), on: server)
            #expect(active.status == .success, "\(active.output.error)")
            #expect(
                active.output.standard
                    == "Signed out of \(url) (bob).\nalice is now the active account on \(url).\n")
            #expect(try await whoami(on: server) == "alice")

            let named = await cli.run(try LogoutCommand.parse(["--account", "demo"]), on: server)
            #expect(named.status == .success, "\(named.output.error)")
            #expect(named.output.standard == "Signed out of \(url) (demo).\n")
            let again = await cli.run(try LogoutCommand.parse(["--account", "demo"]), on: server)
            #expect(again.status == .unknownAccount)

            try await signIn(demoThen: [], on: server)
            let all = await cli.run(try LogoutCommand.parse(["--all-accounts"]), on: server)
            #expect(all.status == .success, "\(all.output.error)")
            #expect(all.output.standard.contains("Signed out of \(url) (alice)."))
            #expect(all.output.standard.contains("Signed out of \(url) (demo)."))
            let status = await cli.run(try StatusCommand.parse([]), on: server)
            #expect(status.status == .signInRequired)
            #expect(status.output.error.contains("No stored sessions."))
            #expect(await cli.run(try LogoutCommand.parse(["--all-accounts"]), on: server).status == .success)
        }
    }
}
