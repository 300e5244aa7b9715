import Foundation
import TestSupport
import Testing

/// `stories-server`'s options, checked on the built executable because the parser lives there.
@Suite("stories-server options", .timeLimit(.minutes(1)))
struct ServerOptionsTests {
    @Test(
        "A reuse interval that is negative, over 300 seconds or not a whole number is refused in one line with exit 64",
        arguments: ["-1", "301", "ten", "1.5", ""])
    func refusesBadReuseInterval(value: String) async throws {
        let binary = try BuildProducts.executable(named: "stories-server")
        let result = try await ChildProcess.run(binary, ["--port", "0", "--refresh-token-reuse-interval", value])
        #expect(result.status == 64)
        let firstLine = try #require(result.standardError.split(separator: "\n").first)
        #expect(firstLine.hasPrefix("Error: "), "\(result.standardError)")
        #expect(firstLine.contains("--refresh-token-reuse-interval"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("A reuse interval within bounds starts the server", arguments: ["0", "10", "300"])
    func acceptsReuseInterval(seconds: String) async throws {
        let server = try await ServerProcess.start(["--refresh-token-reuse-interval", seconds, "--stories", "1"])
        server.stop()
        #expect(server.baseURL.port != nil)
    }

    @Test(
        "A bad --password-grant, --public-url or --dpop is refused in one line naming the option, with exit 64",
        arguments: [
            ("--password-grant", "maybe"), ("--password-grant", ""), ("--dpop", "sometimes"),
            ("--public-url", "https://stories.example/v1"),
            ("--public-url", "stories.example"), ("--public-url", "ftp://stories.example"),
        ])
    func refusesBadAuthorizationOptions(option: String, value: String) async throws {
        let binary = try BuildProducts.executable(named: "stories-server")
        let result = try await ChildProcess.run(binary, ["--port", "0", option, value])
        #expect(result.status == 64)
        let firstLine = try #require(result.standardError.split(separator: "\n").first)
        #expect(firstLine.hasPrefix("Error: "), "\(result.standardError)")
        #expect(firstLine.contains(option), "\(result.standardError)")
        // The option exists; it is the value that is refused.
        #expect(!firstLine.contains("Unknown option"), "\(result.standardError)")
    }

    @Test("The password grant can be disabled, the public URL set and DPoP required")
    func acceptsAuthorizationOptions() async throws {
        let server = try await ServerProcess.start([
            "--password-grant", "disabled", "--public-url", "https://stories.example", "--stories", "1",
            "--dpop", "required",
        ])
        server.stop()
        #expect(server.baseURL.port != nil)
    }
}
