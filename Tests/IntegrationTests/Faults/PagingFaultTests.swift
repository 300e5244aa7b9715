import Foundation
import Testing

@testable import StoriesCLIKit

/// Listings that fail, loop or never end.
@Suite("Faults in paging", .timeLimit(.minutes(1)))
struct PagingFaultTests {
    @Test(
        "A later page that fails stops --all with that failure; the first page stays printed, and the line names the command that resumes there"
    )
    func laterPageFails() async throws {
        let scenario = try FaultScenario { request in
            request.query["cursor"] == nil ? .json(pageJSON(ids: ["1"], next: "c2")) : .respond(status: 500)
        }
        try await scenario.seedSession()
        let outcome = await scenario.run(try ListCommand.parse(["--all"]))
        #expect(outcome.status == .unreachable)
        expectOneClearLine(outcome.error)
        #expect(outcome.error.contains("`stories-cli list "))
        #expect(outcome.error.contains("--cursor c2` resumes from the page that failed."))
        #expect(outcome.standard.hasPrefix("1  "))
        #expect(scenario.server.requests.count == 2)
    }

    @Test("A repeated cursor is exit 65 after at most three requests")
    func repeatedCursor() async throws {
        let scenario = try FaultScenario { _ in .json(pageJSON(ids: ["1"], next: "same")) }
        try await scenario.seedSession()
        let outcome = await scenario.run(try ListCommand.parse(["--all"]))
        #expect(outcome.status == .malformedData)
        expectOneClearLine(outcome.error)
        #expect(scenario.server.requests.count <= 3)
    }

    @Test("Endless distinct cursors stop at the page cap, exit 65, with the cap in the message")
    func endlessCursors() async throws {
        let scenario = try FaultScenario { request in
            let page = Int(request.query["cursor"] ?? "0") ?? 0
            return .json(pageJSON(ids: ["\(page)"], next: "\(page + 1)"))
        }
        try await scenario.seedSession()
        let outcome = await scenario.run(try ListCommand.parse(["--all"]))
        #expect(outcome.status == .malformedData)
        expectOneClearLine(outcome.error)
        #expect(outcome.error.contains("\(FaultScenario.limits.maximumPages)"))
        #expect(scenario.server.requests.count == FaultScenario.limits.maximumPages)
    }
}
