import Testing

@testable import StoriesCLIKit

@Suite("Exit codes in help exit-codes")
struct ExitCodeHelpTests {
    @Test("The section lists every exit code with its meaning, one per line, then the signals")
    func listsEveryCode() {
        // Wide enough that no meaning wraps, as Scripts/check-readme reads it.
        let lines = CLIReference.exitCodes.rendered(columns: 1000).split(separator: "\n").map(String.init)
        #expect(lines.first == "EXIT CODES:")
        let padded = { (code: String) in "  " + code + String(repeating: " ", count: 24 - code.count) }
        #expect(
            Array(lines.dropFirst().dropLast()) == CLIExitCode.allCases.map { padded(String($0.rawValue)) + $0.meaning }
        )
        #expect(lines.last == padded("130, 143, 129, 131") + CLIExitCode.interruptedMeaning)
        #expect(lines.count == CLIExitCode.allCases.count + 2)
    }

    @Test("stories-cli help exit-codes prints the section")
    func helpTopic() {
        #expect(HelpTopic.exitCodes.text(columns: 80) == CLIReference.exitCodes.rendered(columns: 80))
    }
}
