import Foundation
import TestSupport
import Testing

/// The executable prints usage errors in the CLI's one style: `error: ….` on one line of stderr, exit 64, nothing
/// on stdout. The wording itself is pinned by `CommandLineParsingTests`.
@Suite("Usage errors from the executable", .timeLimit(.minutes(1)))
struct UsageErrorProcessTests {
    @Test(
        "A usage error is one line on stderr and exit 64",
        arguments: [
            ["list", "--limit", "0"], ["list", "--server", "nowhere"], ["switch", "bob"], ["use", "local", "--reset"],
            ["help", "nonexistent"],
        ])
    func oneLine(arguments: [String]) async throws {
        let cli = try BuildProducts.executable(named: "stories-cli")
        let result = try await ChildProcess.run(cli, arguments)
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("error: "), "\(result.standardError)")
        #expect(result.standardError.filter { $0 == "\n" }.count == 1, "\(result.standardError)")
    }

    @Test("help for a command is still printed, with exit 0")
    func helpStillWorks() async throws {
        let cli = try BuildProducts.executable(named: "stories-cli")
        let result = try await ChildProcess.run(cli, ["help", "list"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: stories-cli list"))
    }
}
