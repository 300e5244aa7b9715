import Authorization
import CredentialsStore
import Foundation
import StoriesCLITestSupport
import StoriesServerKit
import Testing

@testable import StoriesCLIKit

/// Sealed storage through the CLI's commands against a real server, with an in-memory keyring standing in for the
/// OS's (Scripts/keyring-tests covers the Secret Service itself).
@Suite("Sealed storage through the CLI", .serialized)
struct SealedStorageCLITests {
    let cli = CLIHarness("sealed")

    func login(
        _ server: RunningServer, keyring: any DataKeyStore, _ arguments: [String] = []
    ) async throws -> (status: CLIExitCode, output: CapturedOutput) {
        await cli.run(
            try LoginCommand.parse(["--username", "demo", "--password-stdin"] + arguments), on: server,
            keyring: keyring, input: .piped([ServerConfiguration.demoPassword]))
    }

    func storage(_ server: RunningServer, keyring: any DataKeyStore) async throws -> [String] {
        let status = await cli.run(try StatusCommand.parse(["--json"]), on: server, keyring: keyring)
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(status.output.standard.utf8)) as? [[String: Any]])
        return entries.compactMap { $0["storage"] as? String }
    }

    @Test(
        "Without a usable keyring, login stops before signing in with one line and exit 78, and stores nothing",
        arguments: [
            KeyringError.unavailable(reason: "no session bus"), .locked(collection: "login"),
            .timedOut(deadline: .seconds(5)),
        ])
    func loginStopsWithoutKeyring(_ failure: KeyringError) async throws {
        try await RunningServer.with { server in
            let result = try await login(server, keyring: InMemoryDataKeyStore(failure: failure))
            #expect(result.status == .keyringUnavailable)
            #expect(result.output.error.split(separator: "\n").count == 1)
            #expect(result.output.error.contains("--insecure-storage"))
            #expect(!FileManager.default.fileExists(atPath: cli.credentialsPath))
        }
    }

    @Test("Without a usable keyring, register stops before making the account, with exit 78")
    func registerStopsWithoutKeyring() async throws {
        try await RunningServer.with { server in
            let keyring = InMemoryDataKeyStore(failure: .unavailable(reason: "no session bus"))
            let result = await cli.run(
                try RegisterCommand.parse(["--username", "sealed-newcomer", "--password-stdin"]), on: server,
                keyring: keyring, input: .piped(["a-long-enough-password"]))
            #expect(result.status == .keyringUnavailable)
            #expect(!FileManager.default.fileExists(atPath: cli.credentialsPath))
            // The account was not made: with plain storage chosen, the same username is still free.
            let plain = await cli.run(
                try RegisterCommand.parse(["--username", "sealed-newcomer", "--password-stdin"]), on: server,
                keyring: keyring, input: .piped(["a-long-enough-password"]),
                environment: ["STORIES_CREDENTIALS_STORAGE": "plain"])
            #expect(plain.status == .success)
        }
    }

    /// The two commands that can create the credentials file, each told to keep it plain.
    enum SigningInCommand: String, CaseIterable {
        case login, register
    }

    @Test(
        "login and register --insecure-storage sign in without a keyring, and status names the storage plain",
        arguments: SigningInCommand.allCases)
    func insecureStorage(command: SigningInCommand) async throws {
        try await RunningServer.with { server in
            let keyring = InMemoryDataKeyStore(failure: .unavailable(reason: "no session bus"))
            let result =
                switch command {
                case .login: try await login(server, keyring: keyring, ["--insecure-storage"])
                case .register:
                    await cli.run(
                        try RegisterCommand.parse([
                            "--username", "plain-newcomer", "--password-stdin", "--insecure-storage",
                        ]),
                        on: server, keyring: keyring, input: .piped(["a-long-enough-password"]))
                }
            #expect(result.status == .success)
            #expect(try await storage(server, keyring: keyring) == ["plain"])
            let human = await cli.run(try StatusCommand.parse([]), on: server, keyring: keyring)
            #expect(human.output.standard.contains("storage:       plain"))
        }
    }

    @Test(
        "--insecure-storage on every command that can create the credentials file: only login and register create it, and exactly they take the option"
    )
    func insecureStorageWhereverTheFileIsCreated() async throws {
        let others = [
            ["list"], ["show", "1"], ["whoami"], ["logout"], ["logout", "--all"], ["switch", "--account", "x"],
            ["status"], ["token"], ["storage"], ["storage", "seal"], ["storage", "unseal"], ["api", "/me"],
        ]
        try await RunningServer.with { server in
            for command in others {
                let subcommand = try #require(try StoriesCommand.parseAsRoot(command) as? any StoriesSubcommand)
                let output = CapturedOutput()
                _ = await subcommand.run(
                    environment: cli.environment(server), output: output, input: .piped([]), now: { Date() },
                    keyring: InMemoryDataKeyStore())
                #expect(!FileManager.default.fileExists(atPath: cli.credentialsPath), "\(command) created the file")
            }
        }
        let names = StoriesCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        // Each command with the arguments it requires, so that only the option can make the parse fail.
        let requiredArguments = ["completion": ["bash"], "show": ["1"], "api": ["/me"]]
        for name in names {
            let arguments = [name] + (requiredArguments[name] ?? [])
            #expect((try? StoriesCommand.parseAsRoot(arguments)) != nil, "\(arguments) does not parse")
        }
        let taking = names.filter { name in
            (try? StoriesCommand.parseAsRoot([name] + (requiredArguments[name] ?? []) + ["--insecure-storage"])) != nil
        }
        #expect(taking == ["register", "login"])
        // The commands without services (no credentials store reaches them) ...
        let withoutServices = StoriesCommand.configuration.subcommands.filter { !($0 is any StoriesSubcommand.Type) }
            .compactMap { $0.configuration.commandName }
        #expect(withoutServices == ["use", "servers", "completion"])
        // ... and every other command but login and register was run above, none creating the file.
        #expect(Set(names).subtracting(taking).subtracting(withoutServices) == Set(others.map { $0[0] }))
    }

    @Test(
        "A sealed sign-in keeps no token in the file, works, and moves to plain storage and back losing no session")
    func sealedRoundTrip() async throws {
        try await RunningServer.with { server in
            let keyring = InMemoryDataKeyStore()
            #expect(try await login(server, keyring: keyring).status == .success)
            #expect(try await storage(server, keyring: keyring) == ["sealed"])
            let token = await cli.run(try TokenCommand.parse([]), on: server, keyring: keyring)
            #expect(token.status == .success)
            let accessToken = token.output.standard.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!accessToken.isEmpty)
            var bytes = try Data(contentsOf: URL(fileURLWithPath: cli.credentialsPath))
            bytes.append(FileManager.default.contents(atPath: cli.credentialsPath + "-wal") ?? Data())
            #expect(bytes.range(of: Data(accessToken.utf8)) == nil)

            let unseal = await cli.run(try StorageCommand.parse(["unseal"]), on: server, keyring: keyring)
            #expect(unseal.status == .success)
            #expect(try await storage(server, keyring: keyring) == ["plain"])
            #expect(await keyring.fileIDs.isEmpty)
            let plainToken = await cli.run(try TokenCommand.parse([]), on: server, keyring: keyring)
            #expect(plainToken.output.standard == token.output.standard)

            let seal = await cli.run(try StorageCommand.parse(["seal"]), on: server, keyring: keyring)
            #expect(seal.status == .success)
            #expect(try await storage(server, keyring: keyring) == ["sealed"])
            let sealedToken = await cli.run(try TokenCommand.parse([]), on: server, keyring: keyring)
            #expect(sealedToken.output.standard == token.output.standard)
        }
    }

    @Test(
        "A sealed file without its keyring is not a loop: status lists its accounts and exits 78, and every command names the unreachable keyring and the ways out"
    )
    func sealedFileWithoutItsKeyring() async throws {
        try await RunningServer.with { server in
            let keyring = InMemoryDataKeyStore()
            #expect(try await login(server, keyring: keyring).status == .success)
            // The same home over SSH, or in a tmux started outside the desktop: no session bus.
            await keyring.fail(with: .unavailable(reason: "no session bus"))

            let status = await cli.run(try StatusCommand.parse([]), on: server, keyring: keyring)
            #expect(status.status == .keyringUnavailable)
            #expect(status.output.standard.contains("account:       demo (active)"))
            #expect(status.output.standard.contains("storage:       sealed"))
            let json = await cli.run(try StatusCommand.parse(["--json"]), on: server, keyring: keyring)
            #expect(json.status == .keyringUnavailable)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.standard.utf8)) as? [[String: Any]])
            #expect(entries.compactMap { $0["account"] as? String } == ["demo"])

            for command in [["status"], ["token"], ["list"], ["whoami"], ["login", "--insecure-storage"]] {
                let parsed = try StoriesCommand.parseAsRoot(command)
                let subcommand = try #require(parsed as? any StoriesSubcommand)
                let output = CapturedOutput()
                var environment = cli.environment(server)
                environment["STORIES_CREDENTIALS_STORAGE"] = nil
                let status = await subcommand.run(
                    environment: environment, output: output,
                    input: .piped(["demo", ServerConfiguration.demoPassword]), now: { Date() }, keyring: keyring)
                #expect(status == .keyringUnavailable, "\(command)")
                let message = output.error
                #expect(message.split(separator: "\n").count == 1, "\(command): \(message)")
                #expect(message.contains("is sealed with a key kept in the OS keyring"), "\(command)")
                #expect(message.contains("this session cannot reach"), "\(command)")
                #expect(message.contains("DBUS_SESSION_BUS_ADDRESS"), "\(command)")
                #expect(message.contains("--credentials-db"), "\(command)")
                #expect(message.contains("`stories-cli storage unseal`"), "\(command)")
                #expect(message.contains("`stories-cli logout --all` deletes this file's sessions"), "\(command)")
                // Alone it cannot work on this file: a sign-in needs the file's key as much as any other command.
                #expect(!message.contains("sign in with `stories-cli login --insecure-storage`"), "\(command)")
            }

            // Each way out works: another file with plain storage, and the keyring back.
            let elsewhere = await cli.run(
                try LoginCommand.parse([
                    "--username", "demo", "--password-stdin", "--insecure-storage", "--credentials-db",
                    cli.credentialsPath + ".plain",
                ]), on: server, keyring: keyring, input: .piped([ServerConfiguration.demoPassword]))
            #expect(elsewhere.status == .success)
            await keyring.fail(with: nil)
            #expect(
                await cli.run(try StorageCommand.parse(["unseal"]), on: server, keyring: keyring).status == .success)
            await keyring.fail(with: .unavailable(reason: "no session bus"))
            #expect(await cli.run(try StatusCommand.parse([]), on: server, keyring: keyring).status == .success)
        }
    }

    @Test(
        "A sealed file without its keyring starts over as the message says: logout --all deletes its sessions unrevoked (exit 78), then login --insecure-storage signs in"
    )
    func sealedFileWithoutItsKeyringStartsOver() async throws {
        try await RunningServer.with { server in
            let keyring = InMemoryDataKeyStore()
            #expect(try await login(server, keyring: keyring).status == .success)
            await keyring.fail(with: .unavailable(reason: "no session bus"))
            // Before: login --insecure-storage on this file is 78 (the loop the issue found).
            #expect(try await login(server, keyring: keyring, ["--insecure-storage"]).status == .keyringUnavailable)

            let logout = await cli.run(try LogoutCommand.parse(["--all"]), on: server, keyring: keyring)
            #expect(logout.status == .keyringUnavailable)
            #expect(logout.output.standard.contains("(demo) here only."))
            #expect(logout.output.error.contains("Signed out here, but not revoked"))
            #expect(logout.output.error.contains("valid at the server until they expire"))
            let status = await cli.run(try StatusCommand.parse([]), on: server, keyring: keyring)
            #expect(status.status == .signInRequired)
            #expect(status.output.error.contains("No stored sessions"))

            #expect(try await login(server, keyring: keyring, ["--insecure-storage"]).status == .success)
            #expect(try await storage(server, keyring: keyring) == ["plain"])
        }
    }

    @Test(
        "logout keeps the sessions when the keyring is there but failed (locked, timed out, refused, failing): exit 78, nothing deleted",
        arguments: [
            KeyringError.locked(collection: "login"), .timedOut(deadline: .seconds(5)), .denied,
            .failed(domain: "g-dbus-error-quark", code: 24),
        ])
    func logoutKeepsSessionsOnTransientKeyringFailure(failure: KeyringError) async throws {
        try await RunningServer.with { server in
            let keyring = InMemoryDataKeyStore()
            #expect(try await login(server, keyring: keyring).status == .success)
            await keyring.fail(with: failure)
            let logout = await cli.run(try LogoutCommand.parse(["--all"]), on: server, keyring: keyring)
            #expect(logout.status == .keyringUnavailable)
            #expect(!logout.output.standard.contains("here only"))
            await keyring.fail(with: nil)
            let listed = await cli.run(try StatusCommand.parse(["--json"]), on: server, keyring: keyring)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.output.standard.utf8)) as? [[String: Any]])
            #expect(entries.compactMap { $0["account"] as? String } == ["demo"])
        }
    }

    @Test(
        "login --insecure-storage leaves an empty sealed file sealed while its keyring answers: only one it cannot reach starts over plain"
    )
    func emptySealedFileStaysSealedWithItsKeyring() async throws {
        try await RunningServer.with { server in
            let keyring = InMemoryDataKeyStore()
            #expect(try await login(server, keyring: keyring).status == .success)
            let logout = await cli.run(try LogoutCommand.parse(["--all"]), on: server, keyring: keyring)
            #expect(logout.status == .success)
            #expect(try await login(server, keyring: keyring, ["--insecure-storage"]).status == .success)
            #expect(try await storage(server, keyring: keyring) == ["sealed"])
        }
    }

    @Test("logout --account of a sealed file without its keyring deletes that session only, and the other stays")
    func logoutOneAccountWithoutKeyring() async throws {
        try await RunningServer.with { server in
            let keyring = InMemoryDataKeyStore()
            #expect(try await login(server, keyring: keyring).status == .success)
            let register = await cli.run(
                try RegisterCommand.parse(["--username", "second-account", "--password-stdin"]), on: server,
                keyring: keyring, input: .piped(["a-long-enough-password"]))
            #expect(register.status == .success)
            await keyring.fail(with: .unavailable(reason: "no session bus"))
            let logout = await cli.run(
                try LogoutCommand.parse(["--account", "demo"]), on: server, keyring: keyring)
            #expect(logout.status == .keyringUnavailable)
            let listed = await cli.run(try StatusCommand.parse(["--json"]), on: server, keyring: keyring)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.output.standard.utf8)) as? [[String: Any]])
            #expect(entries.compactMap { $0["account"] as? String } == ["second-account"])
            #expect(entries.compactMap { $0["isActive"] as? Bool } == [true])
            let unknown = await cli.run(try LogoutCommand.parse(["--account", "nobody"]), on: server, keyring: keyring)
            #expect(unknown.status == .unknownAccount)
        }
    }

    @Test("A file sealed by a keyring that is not available is reported as such with exit 77, and login starts over")
    func missingKey() async throws {
        try await RunningServer.with { server in
            #expect(try await login(server, keyring: InMemoryDataKeyStore()).status == .success)
            // The same file in another home: its own keyring, without this file's key.
            let elsewhere = InMemoryDataKeyStore()
            for command in [["status"], ["token"], ["list"], ["logout"]] {
                let parsed = try StoriesCommand.parseAsRoot(command)
                let subcommand = try #require(parsed as? any StoriesSubcommand)
                let output = CapturedOutput()
                var environment = cli.environment(server)
                environment["STORIES_CREDENTIALS_STORAGE"] = nil
                let status = await subcommand.run(
                    environment: environment, output: output, input: .piped([]), now: { Date() }, keyring: elsewhere)
                #expect(status == .signInRequired, "\(command)")
                #expect(output.error.contains("sealed by a keyring that is not available"), "\(command)")
                #expect(!output.error.contains("damaged"), "\(command)")
            }
            #expect(try await login(server, keyring: elsewhere).status == .success)
            #expect(try await storage(server, keyring: elsewhere) == ["sealed"])
        }
    }
}
