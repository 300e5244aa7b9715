import Testing

@testable import StoriesCLIKit

@Suite("Exit codes in --help")
struct ExitCodeHelpTests {
    @Test("The table lists every exit code with its meaning, one per line, then the signals")
    func listsEveryCode() {
        let lines = CLIExitCode.helpText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Exit codes:")
        #expect(Array(lines.dropFirst().dropLast()) == CLIExitCode.allCases.map { "  \($0.rawValue)\t\($0.meaning)" })
        #expect(lines.last?.hasPrefix("  130, 143, 129, 131\tinterrupted (Ctrl-C, SIGTERM, SIGHUP, Ctrl-\\)") == true)
        #expect(lines.count == CLIExitCode.allCases.count + 2)
    }
}
