import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `stories-server` process: its descriptor limit, and how SIGTERM ends it whatever a client holds.
@Suite("Server process bounds", .timeLimit(.minutes(1)))
struct ServerShutdownTests {
    /// Starts the built server through `sh -c` with `ulimit` (the soft open-file limit) applied first; returns it and
    /// the port its "Listening on" line names.
    static func start(softOpenFileLimit: Int = 256) async throws -> (StartedProcess, Int) {
        let server = try await StartedProcess.start(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "ulimit -Sn \(softOpenFileLimit) && exec \"$0\" --port 0 --stories 1",
                try BuildProducts.executable(named: "stories-server").path,
            ])
        #expect(await server.standardOutput.waitFor("Listening on "))
        let line = server.standardOutput.text.split(separator: "\n").first { $0.hasPrefix("Listening on ") } ?? ""
        let port = try #require(URL(string: String(line.dropFirst("Listening on ".count)))?.port)
        return (server, port)
    }

    @Test("The soft open-file limit is raised to the hard one at start")
    func softLimitRaised() async throws {
        let (server, _) = try await Self.start()
        let limits = try String(contentsOfFile: "/proc/\(server.processIdentifier)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        try #require(numbers.count == 2, "\(line)")
        #expect(numbers[0] == numbers[1], "\(line)")
        #expect(numbers[0] > 256, "the hard limit here is \(numbers[1])")
        server.send(SIGKILL)
        _ = try await server.termination()
    }

    @Test(
        "SIGTERM ends the server within 10 seconds while a client holds a request body unfinished",
        arguments: [
            "POST /v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n",
            "POST /v1/oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n",
        ])
    func sigtermWithUnfinishedBody(head: String) async throws {
        let (server, port) = try await Self.start()
        let socket = try LoopbackSocket(port: port, readLimit: .seconds(15))
        // One write, two requests: the server reads the second (100,000 bytes announced, 5 sent) right after it
        // answers the first, so once the answer arrives the unfinished one is the connection's request in flight.
        try socket.send(
            "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + head + "Content-Length: 100000\r\n\r\n{\"use")
        guard case .bytes(let answer) = await socket.read() else {
            server.send(SIGKILL)
            Issue.record("no answer to the first request")
            return
        }
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200"))

        let signalled = ContinuousClock.now
        server.send(SIGTERM)
        // Unstructured: a server that never ends would leave its wait suspended, not awaited.
        let (outcomes, outcome) = AsyncStream.makeStream(of: Bool.self)
        Task {
            _ = try? await server.termination()
            outcome.yield(true)
        }
        Task {
            try? await Task.sleep(for: .seconds(10))
            outcome.yield(false)
        }
        var iterator = outcomes.makeAsyncIterator()
        let ended = await iterator.next() ?? false
        let elapsed = ContinuousClock.now - signalled
        if !ended {
            server.send(SIGKILL)
            _ = try? await server.termination()
        }
        #expect(ended, "still running \(elapsed) after SIGTERM")
        #expect(elapsed < .seconds(10))
        withExtendedLifetime(socket) {}
    }
}
