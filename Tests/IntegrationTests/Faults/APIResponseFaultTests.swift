import Foundation
import TestSupport
import Testing

@testable import StoriesCLIKit

/// Faults of the stories endpoint, with a fresh session.
@Suite("Faults in API responses", .timeLimit(.minutes(1)))
struct APIResponseFaultTests {
    /// Room above a deadline for a loaded machine. The faults run far longer without the deadline (a trickle of 100
    /// bytes at 300 ms takes 30 s), so the bound still tells a deadline that works from one that does not.
    static let slack: Duration = .seconds(6)

    @Test(
        "Statuses the operation does not document map to honest exit codes with one line",
        arguments: [
            (403, CLIExitCode.signInRequired), (500, .unreachable), (502, .unreachable), (503, .unreachable),
            (429, .unreachable), (408, .unreachable), (404, .failure), (418, .failure),
        ])
    func undocumentedStatus(status: Int, expected: CLIExitCode) async throws {
        let scenario = try FaultScenario { _ in
            .json(#"{"title":"x","status":\#(status)}"#, status: status, headers: [("Retry-After", "7")])
        }
        let seeded = try await scenario.seedSession()
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == expected)
        expectOneClearLine(outcome.error)
        if expected == .unreachable, status != 408 { #expect(outcome.error.contains("7 seconds")) }
        #expect(try await scenario.storedSession() == seeded)
    }

    @Test(
        "A body that is not JSON, or JSON that is not a page, is exit 65",
        arguments: ["<html>oops</html>", #"{"items":"nope"}"#, #"{"items":[{"id":1}]}"#, ""])
    func malformedBody(body: String) async throws {
        let scenario = try FaultScenario { _ in .json(body) }
        try await scenario.seedSession()
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .malformedData)
        expectOneClearLine(outcome.error)
    }

    @Test(
        "A body that trickles or never comes is abandoned at the request deadline",
        arguments: [FaultServer.Response.trickle(bytes: 100, interval: .milliseconds(300)), .hang])
    func slowBody(response: FaultServer.Response) async throws {
        let scenario = try FaultScenario { _ in response }
        try await scenario.seedSession()
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .unreachable)
        expectOneClearLine(outcome.error)
        #expect(outcome.elapsed < FaultScenario.limits.requestDeadline + Self.slack)
    }

    @Test(
        "A status below 100, or an answer that is not valid HTTP, is exit 65 with one line, never a crash",
        arguments: [
            "HTTP/1.1 000 X\r\nContent-Length: 0\r\n\r\n", "HTTP/1.1 099 X\r\nContent-Length: 2\r\n\r\n{}",
            "HTTP/1.1 050 X\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
            "HTTP/1.1 2000 OK\r\nContent-Length: 2\r\n\r\n{}",
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}",
            "HTTP/1.1 200 OK\r\nX-A: 1\r\n folded\r\nContent-Length: 2\r\n\r\n{}",
        ])
    func invalidHTTP(response: String) async throws {
        let scenario = try FaultScenario { _ in .raw(Array(response.utf8)) }
        try await scenario.seedSession()
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .malformedData)
        expectOneClearLine(outcome.error)
        #expect(outcome.error.contains("not valid HTTP"))
    }

    @Test("A connection closed mid-body is exit 69")
    func closedMidBody() async throws {
        let scenario = try FaultScenario { _ in .closeMidBody(promised: 1000, sent: 10) }
        try await scenario.seedSession()
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .unreachable)
        expectOneClearLine(outcome.error)
    }

    @Test("A refused connection is exit 69 without the networking library's words")
    func connectionRefused() async throws {
        let scenario = try FaultScenario { _ in .hang }
        try await scenario.seedSession()
        scenario.server.stop()
        let refusing = try RefusingPort(taking: scenario.server.port)
        defer { refusing.release() }
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .unreachable)
        expectOneClearLine(outcome.error)
        #expect(outcome.error.contains("refused"))
    }

    @Test("Hostile text in titles, authors and ids never reaches the terminal, in human output or in JSON")
    func hostileText() async throws {
        let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}Bell\u{07}back\u{08}\rCR\u{7F}\u{9B}31m\u{202E}evil"
        for arguments in [[String](), ["--json"]] {
            let scenario = try FaultScenario { _ in
                .json(
                    "{\"items\":[\(storyJSON(id: "1" + hostile, title: hostile, author: hostile))],\"nextCursor\":null}"
                )
            }
            try await scenario.seedSession()
            let outcome = await scenario.run(try ListCommand.parse(arguments))
            #expect(outcome.status == .success, "\(outcome.error)")
            #expect(
                !outcome.standard.unicodeScalars.contains(where: isTerminalControl),
                "\(outcome.standard.debugDescription)")
            if arguments == ["--json"] {
                let object = try JSONSerialization.jsonObject(with: Data(outcome.standard.utf8)) as? [String: Any]
                let story = (object?["stories"] as? [[String: Any]])?.first
                #expect(story?["title"] as? String == hostile)
            }
        }
    }

    @Test("A server URL with a trailing slash builds /v1/stories, not /v1//stories")
    func trailingSlash() async throws {
        let scenario = try FaultScenario { _ in .json(pageJSON(ids: ["1"], next: nil)) }
        try await scenario.seedSession()
        let outcome = await scenario.run(
            try ListCommand.parse([]), serverURL: scenario.server.baseURL.absoluteString + "/")
        #expect(outcome.status == .success, "\(outcome.error)")
        #expect(scenario.server.requests.map(\.path) == ["/v1/stories"])
    }
}

/// Bodies that would flood memory. Serialized, so the memory samples see only one flood at a time; the other suites
/// still run beside them and share the process's resident memory (up to about 80 MiB of growth was seen from them on
/// two cores), so the bound sits between that and the 400 MiB a client that held the body would grow by.
@Suite("Faults that would flood memory", .serialized, .timeLimit(.minutes(1)))
struct FloodFaultTests {
    @Test(
        "A 400 MB Content-Length or an endless chunked body is refused at the size limit without holding it",
        arguments: [FaultServer.Response.hugeContentLength(bytes: 400 << 20), .endlessChunked])
    func hugeBody(response: FaultServer.Response) async throws {
        let scenario = try FaultScenario { _ in response }
        try await scenario.seedSession()
        let sampler = ResidentMemorySampler()
        let outcome = await sampler.measure { await scenario.run(try! ListCommand.parse([])) }
        #expect(outcome.status == .malformedData)
        expectOneClearLine(outcome.error)
        #expect(outcome.error.contains("256 KiB"))
        // No time bound: a client that kept reading would end at the 2 s request deadline as `.unreachable`, which
        // the status above already rules out, and a wall-clock bound only measured how loaded the machine was.
        let growth = try #require(sampler.peakGrowth, "resident memory could not be read from /proc/self/status")
        #expect(growth < 160 << 20, "resident memory grew by \(growth >> 20) MiB")
    }
}
