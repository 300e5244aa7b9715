import CommandReference
import Foundation
import StoriesServerKit
import TestSupport
import Testing

/// `stories-server`'s exit codes and examples, from `ServerReference`, in its `--help` and its committed man page.
@Suite("stories-server's reference in --help and docs/man", .timeLimit(.minutes(1)))
struct ServerManualPageTests {
    static var exitCodes: [String] {
        ServerExitCode.allCases.map { String($0.rawValue) }
    }

    @Test("docs/man/stories-server.1 gives every exit code stories-server --help documents in EXIT STATUS")
    func pageListsEveryExitCode() throws {
        let page = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("docs/man/stories-server.1"),
            encoding: .utf8)
        let lines = page.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: #".Sh "EXIT STATUS""#))
        let items = Set(lines[(start + 1)...].prefix { !$0.hasPrefix(".Sh ") }.filter { $0.hasPrefix(".It ") })
        #expect(!Self.exitCodes.isEmpty)
        for code in Self.exitCodes {
            #expect(items.contains(".It \(code)"), "exit code \(code) is missing: run Scripts/generate-man")
        }
    }

    @Test("stories-server --help ends with its exit codes and examples, after its options")
    func helpEndsWithTheReference() async throws {
        let binary = try BuildProducts.executable(named: "stories-server")
        let result = try await ChildProcess.run(binary, ["--help"], environment: ["COLUMNS": "100"])
        #expect(result.status == 0)
        let help = result.standardOutput
        let options = try #require(help.range(of: "\nOPTIONS:\n"))
        let codes = try #require(help.range(of: "\nEXIT CODES:\n"))
        let examples = try #require(help.range(of: "\nEXAMPLES:\n"))
        #expect(options.upperBound < codes.lowerBound && codes.upperBound < examples.lowerBound)
        let codeLines = help[codes.upperBound..<examples.lowerBound].split(separator: "\n")
        for code in Self.exitCodes {
            #expect(codeLines.contains { $0.hasPrefix("  \(code) ") }, "exit code \(code)")
        }
        for example in ServerReference.examples {
            #expect(help[examples.upperBound...].contains("  $ \(example.commands[0])\n"))
        }
    }
}
