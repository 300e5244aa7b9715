import Foundation
import Testing

@testable import StoriesCLIKit

/// Server URLs that would carry a password in clear to something other than this machine.
@Suite("The transport rule", .timeLimit(.minutes(1)))
struct TransportRuleFaultTests {
    @Test(
        "login and register refuse an insecure server URL with exit 64 before any request",
        arguments: [
            "127.0.0.1.example.test", "0.0.0.0", "[::ffff:127.0.0.1]", "2130706433", "0177.0.0.1", "localhost.",
        ],
        [true, false])
    func refusesInsecureURL(host: String, login: Bool) async throws {
        let scenario = try FaultScenario { _ in .json(tokenJSON()) }
        let url = "http://\(host):\(scenario.server.port)/v1"
        let command: any StoriesSubcommand =
            login
            ? try LoginCommand.parse(["--username", "demo", "--password-stdin"])
            : try RegisterCommand.parse(["--username", "someone", "--password-stdin"])
        let outcome = await scenario.run(command, serverURL: url, stdin: ["a-password-1", "a-password-1"])
        #expect(outcome.status == .usage)
        expectOneClearLine(outcome.error)
        #expect(outcome.error.contains("without TLS"))
        #expect(scenario.server.requests.isEmpty)
        #expect(try await scenario.storedSession() == nil)
    }
}
