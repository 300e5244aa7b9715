import Foundation
import StoriesCLITestSupport
import StoriesServerKit
import TestSupport
import Testing

@testable import StoriesCLIKit

#if canImport(Glibc)
    import Glibc
#endif

/// `login --device` against the real server, the person played by an HTTP client that fills in the `/device` form.
@Suite("Device login end to end", .serialized)
struct DeviceLoginTests {
    let cli = CLIHarness("device-login")

    /// A server whose device authorizations ask to be polled every second (the least `stories-cli` honours), so the
    /// test waits one or two polls instead of five seconds each.
    static var configuration: ServerConfiguration {
        var configuration = ServerConfiguration(port: 0, storyCount: 5, passwordHashCost: 4)
        configuration.deviceCodePollingInterval = 1
        return configuration
    }

    /// Starts `login --device`, waits until it shows the code and the page, lets the "browser" decide, and returns
    /// the command's exit code, what it wrote, and the page's answer.
    func login(
        deciding decision: String, on server: RunningServer
    ) async throws -> (
        status: CLIExitCode, output: StreamingOutput, pageStatus: Int
    ) {
        let output = StreamingOutput()
        let environment = cli.environment(server)
        let command = try LoginCommand.parse(["--device"])
        let login = Task {
            let status = await command.run(environment: environment, output: output, input: .piped([]), now: { Date() })
            output.finish()
            return status
        }
        let shown = await output.firstErrorCaptures(/open (\S+) and enter the code:\n\n    (\S+)\n/)
        guard let (page, code) = shown, let uri = URL(string: page) else {
            let status = await login.value
            Issue.record("login --device showed no code (exit \(status)): \(output.error)")
            return (status, output, 0)
        }
        let answer = try await DeviceVerificationBrowser().submit(userCode: code, decision: decision, at: uri)
        return (await login.value, output, answer.status)
    }

    @Test("login --device shows a code, signs in once the person approves on the page, and whoami then works")
    func approved() async throws {
        try await RunningServer.with(configuration: Self.configuration) { server in
            let (status, output, pageStatus) = try await login(deciding: "approve", on: server)
            #expect(pageStatus == 200)
            #expect(status == .success, "\(output.error)")
            #expect(
                output.standard
                    == "Signed in to \(server.baseURL.absoluteString) as demo; demo is now the active account.\n")
            #expect(output.error.contains("/device?user_code="))

            let whoami = await cli.run(try WhoamiCommand.parse(["--json"]), on: server)
            #expect(whoami.status == .success, "\(whoami.output.error)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(whoami.output.standard.utf8)) as? [String: Any])
            #expect(object["username"] as? String == "demo")
            #expect(try await cli.storedCredential(for: server)?.account == "demo")
        }
    }

    @Test("login --device exits 79 and stores nothing when the person denies on the page")
    func denied() async throws {
        try await RunningServer.with(configuration: Self.configuration) { server in
            let (status, output, _) = try await login(deciding: "deny", on: server)
            #expect(status == .signInDenied)
            #expect(status.rawValue == 79)
            #expect(output.error.contains("was denied on the verification page"))
            #expect(output.standard.isEmpty)
            #expect(try await cli.storedCredential(for: server) == nil)
        }
    }

    @Test("login --device exits 75 and stores nothing when nobody approves before the code expires")
    func expired() async throws {
        var configuration = Self.configuration
        configuration.deviceCodeLifetime = 2
        try await RunningServer.with(configuration: configuration) { server in
            let result = await cli.run(try LoginCommand.parse(["--device"]), on: server)
            #expect(result.status == .signInExpired, "\(result.output.error)")
            #expect(result.status.rawValue == 75)
            #expect(result.output.error.contains("The code expired before the sign-in"))
            #expect(result.output.standard.isEmpty)
            #expect(try await cli.storedCredential(for: server) == nil)
        }
    }

    @Test(
        "Ctrl-C or Ctrl-\\ while login --device waits ends it by that signal (the shell's 130 or 131), stores nothing, and is no crash",
        .timeLimit(.minutes(1)), arguments: [SIGINT, SIGQUIT])
    func interrupted(signal: Int32) async throws {
        try await RunningServer.with(configuration: Self.configuration) { server in
            let process = try await StartedProcess.start(
                try BuildProducts.executable(named: "stories-cli"), ["login", "--device"],
                environment: cli.environment(server))
            let waiting = await process.waitForError("Ctrl-C stops waiting")
            #expect(waiting, "\(process.standardError.text)")
            // SIGQUIT's default action dumps core, and the process's memory holds tokens: it must write none.
            let limits = try String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)
            let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
            #expect(core?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).first == "0", "\(limits)")
            process.send(signal)
            #expect(try await process.termination() == .signaled(signal), "\(process.standardError.text)")
            #expect(!process.standardError.text.contains("crashed"), "\(process.standardError.text)")
            #expect(process.standardOutput.text.isEmpty)
            #expect(try await cli.storedCredential(for: server) == nil)
        }
    }
}
