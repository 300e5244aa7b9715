import Testing

@testable import StoriesCLIKit

@Suite("Did you mean …?")
struct SubcommandSuggestionTests {
    @Test(
        "A mistyped subcommand is a usage error that names the closest command",
        arguments: [("lst", "list"), ("lgoin", "login"), ("whoam", "whoami"), ("LIST", "list"), ("serves", "servers")])
    func suggests(typed: String, suggestion: String) throws {
        let failure = try #require(SubcommandSuggestion.failure(for: [typed, "--server", "local"]))
        #expect(failure.exitStatus == .usage)
        #expect(failure.message.hasSuffix("Did you mean '\(suggestion)'?"))
    }

    @Test(
        "Known commands, options and words far from any command are left to the parser",
        arguments: [["list"], ["--help"], ["--version"], [], ["help"], ["xyzzyplugh"], ["-h"]])
    func leavesOthersAlone(arguments: [String]) {
        #expect(SubcommandSuggestion.failure(for: arguments) == nil)
    }
}
