import Foundation
import TestSupport
import Testing

@testable import StoriesCLIKit

/// `stories-cli` under an open-file limit too low for SwiftNIO's event loop, run by a shell that sets `ulimit`.
@Suite("Open-file limit", .timeLimit(.minutes(1)))
struct DescriptorLimitTests {
    @Test(
        "A low soft limit is raised and the command runs; a low hard limit is exit 71 with one line, never a trap",
        arguments: [("-Sn 10", CLIExitCode.signInRequired), ("-n 10", .osError), ("-n 20", .osError)])
    func lowLimit(ulimit: String, expected: CLIExitCode) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fd-limit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // `list` with no session starts its HTTP client at once; under 10 descriptors its event loop could not be
        // created (SwiftNIO stopped the process) or SQLite could not open the file. Below about 7 the Swift runtime
        // itself cannot start its threads, before any code of ours runs.
        let process = try await StartedProcess.start(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "ulimit \(ulimit) && exec \"$0\" list --server-url http://127.0.0.1:9/v1 --credentials-db \"$1\"",
                try BuildProducts.executable(named: "stories-cli").path,
                directory.appendingPathComponent("credentials.sqlite").path,
            ])
        #expect(try await process.termination() == .exited(expected.rawValue), "\(process.standardError.text)")
        #expect(process.standardError.text.split(separator: "\n").count == 1, "\(process.standardError.text)")
    }

    @Test("--help and --version, which open nothing, work under any open-file limit")
    func helpUnderLowLimit() async throws {
        for arguments in ["--help", "--version", "list --help"] {
            let process = try await StartedProcess.start(
                URL(fileURLWithPath: "/bin/sh"),
                [
                    "-c", "ulimit -n 10 && exec \"$0\" \(arguments)",
                    try BuildProducts.executable(named: "stories-cli").path,
                ])
            #expect(try await process.termination() == .exited(0), "\(arguments): \(process.standardError.text)")
        }
    }
}
