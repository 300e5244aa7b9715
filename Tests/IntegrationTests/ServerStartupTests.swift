import Foundation
import TestSupport
import Testing

/// `stories-server` as a person starts it.
@Suite("stories-server start-up", .serialized, .timeLimit(.minutes(1)))
struct ServerStartupTests {
    @Test("A busy port is one line naming the port and what to do, exit 69, not the networking library's text")
    func busyPort() async throws {
        let first = try await ServerProcess.start(["--stories", "1"])
        defer { first.stop() }
        let port = try #require(first.baseURL.port)
        let binary = try BuildProducts.executable(named: "stories-server")
        let second = try await ChildProcess.run(binary, ["--port", "\(port)"])
        #expect(second.status == 69)
        #expect(
            second.standardError
                == "error: Port \(port) on 127.0.0.1 is already in use. Stop the other server, or pick another port with --port (0 picks a free one).\n"
        )
    }

    @Test("A server that exits before printing its address is ServerDidNotStart, not a wait for ever")
    func exitsBeforeListening() async throws {
        // An unknown option: stories-server prints its usage error and exits before it listens.
        await #expect(throws: ServerDidNotStart.self) {
            _ = try await ServerProcess.start(["--no-such-option"])
        }
    }
}
