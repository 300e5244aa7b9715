import Foundation
import TestSupport
import Testing

/// `stories-cli` against a host name that does not resolve: AsyncHTTPClient's TLS context is still being made when
/// the request fails, and arrives on the event loop after the command ended its client.
@Suite("Event loop at the end of a command", .timeLimit(.minutes(2)))
struct EventLoopShutdownTests {
    @Test("30 commands whose host does not resolve print no SwiftNIO event-loop warning and end with exit 69")
    func noWarningOnDNSFailure() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dns-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cli = try BuildProducts.executable(named: "stories-cli")
        for run in 1...30 {
            let result = try await ChildProcess.run(
                cli,
                [
                    "login", "--username", "demo", "--password-stdin",
                    "--server-url", "https://nonexistent.invalid/v1",
                    "--credentials-db", directory.appendingPathComponent("credentials.sqlite").path,
                ],
                input: "not-the-password\n",
                // Strict mode makes SwiftNIO stop the process where it would otherwise print the warning.
                environment: ["STORIES_CREDENTIALS_STORAGE": "plain", "SWIFTNIO_STRICT": "1"])
            #expect(result.status == 69, "run \(run): \(result.standardError)")
            #expect(!result.standardError.contains("EventLoop"), "run \(run): \(result.standardError)")
            #expect(result.standardError.contains("does not resolve"), "run \(run): \(result.standardError)")
        }
    }
}
