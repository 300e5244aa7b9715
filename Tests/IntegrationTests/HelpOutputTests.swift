import Foundation
import TestSupport
import Testing

@testable import StoriesCLIKit

/// Text swift-argument-parser prints itself, written where it cannot go.
@Suite("Help and version output", .timeLimit(.minutes(1)))
struct HelpOutputTests {
    @Test(
        "--help and --version that cannot be written (a full device) are exit 74 with one line, not a silent 0",
        arguments: [["--help"], ["--version"], ["list", "--help"]])
    func fullDevice(arguments: [String]) async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let process = try StartedProcess.start(
            try BuildProducts.executable(named: "stories-cli"), arguments, standardOutput: full)
        #expect(await process.termination() == .exited(CLIExitCode.ioError.rawValue))
        #expect(process.standardError.text == "error: standard output could not be written.\n")
    }
}
