import Dispatch
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C, `kill` and a closed terminal while `stories-cli` renews a session: the renewed pair is stored before
/// the process ends, because ending in between would leave a refresh token the server has already spent.
@Suite("Termination requests during a refresh", .serialized, .timeLimit(.minutes(1)))
struct InterruptionTests {
    /// The line the CLI writes when it defers a signal.
    static let deferralNotice = "Finishing storing the session"

    /// A fault server whose token endpoint answers a refresh only once `tokenAnswer` is released, and whose stories
    /// endpoint serves one page.
    static func scenario(holdingTokenAnswerAt tokenAnswer: HeldAnswer) throws -> FaultScenario {
        try FaultScenario { request in
            guard request.path.hasSuffix("/oauth/token") else { return .json(pageJSON(ids: ["1"], next: nil)) }
            tokenAnswer.hold()
            return .json(tokenJSON(), headers: [("Cache-Control", "no-store")])
        }
    }

    @Test(
        "A termination request during a refresh ends the command by that signal once the new pair is stored",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func deferredUntilStored(signal: Int32) async throws {
        let tokenAnswer = HeldAnswer()
        defer { tokenAnswer.release() }
        let scenario = try Self.scenario(holdingTokenAnswerAt: tokenAnswer)
        defer { scenario.server.stop() }
        try await scenario.seedSession(expired: true)
        let cli = try await StartedProcess.start(
            try BuildProducts.executable(named: "stories-cli"), ["list"], environment: scenario.environment)
        await tokenAnswer.arrival()
        // The server has the refresh request: from here the old refresh token may already be spent.
        cli.send(signal)
        let deferred = await cli.waitForError(Self.deferralNotice)
        #expect(deferred, "\(cli.standardError.text)")
        tokenAnswer.release()
        let termination = try await cli.termination()
        #expect(termination == .signaled(signal), "\(cli.standardError.text)")
        #expect(try await scenario.storedSession()?.refreshToken?.unredacted == "fault-refresh-2")
    }

    @Test("A signal the command was started with ignored stays ignored during a refresh (nohup, background jobs)")
    func ignoredSignalStaysIgnored() async throws {
        let tokenAnswer = HeldAnswer()
        defer { tokenAnswer.release() }
        let scenario = try Self.scenario(holdingTokenAnswerAt: tokenAnswer)
        defer { scenario.server.stop() }
        try await scenario.seedSession(expired: true)
        let cli = try BuildProducts.executable(named: "stories-cli").path
        // The shell ignores SIGTERM and then becomes stories-cli, which inherits the ignored disposition.
        let ignoring = try await StartedProcess.start(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "trap '' TERM; exec \"$0\" list", cli],
            environment: scenario.environment)
        await tokenAnswer.arrival()
        ignoring.send(SIGTERM)
        tokenAnswer.release()
        #expect(try await ignoring.termination() == .exited(0), "\(ignoring.standardError.text)")
        #expect(!ignoring.standardError.text.contains(Self.deferralNotice))
        #expect(try await scenario.storedSession()?.refreshToken?.unredacted == "fault-refresh-2")
    }

    @Test("A second Ctrl-C during a refresh ends the command at once, leaving the stored session as it was")
    func secondInterruptForces() async throws {
        let tokenAnswer = HeldAnswer()
        defer { tokenAnswer.release() }
        let scenario = try Self.scenario(holdingTokenAnswerAt: tokenAnswer)
        defer { scenario.server.stop() }
        let seeded = try await scenario.seedSession(expired: true)
        let cli = try await StartedProcess.start(
            try BuildProducts.executable(named: "stories-cli"), ["list"], environment: scenario.environment)
        await tokenAnswer.arrival()
        cli.send(SIGINT)
        #expect(await cli.waitForError(Self.deferralNotice), "\(cli.standardError.text)")
        cli.send(SIGINT)
        // The answer is still held: only the second signal can have ended the process.
        #expect(try await cli.termination() == .signaled(SIGINT))
        #expect(try await scenario.storedSession() == seeded)
    }

    @Test("A termination request outside a refresh ends the command at once", arguments: [SIGINT, SIGTERM])
    func immediateOutsideRefresh(signal: Int32) async throws {
        let pageAnswer = HeldAnswer()
        defer { pageAnswer.release() }
        let scenario = try FaultScenario { request in
            guard !request.path.hasSuffix("/oauth/token") else { return .json(tokenJSON()) }
            pageAnswer.hold()
            return .json(pageJSON(ids: ["1"], next: nil))
        }
        defer { scenario.server.stop() }
        try await scenario.seedSession(expired: false)
        let cli = try await StartedProcess.start(
            try BuildProducts.executable(named: "stories-cli"), ["list"], environment: scenario.environment)
        await pageAnswer.arrival()
        cli.send(signal)
        // The page is still held: the process ended on the signal, not after the answer.
        #expect(try await cli.termination() == .signaled(signal))
        #expect(!cli.standardError.text.contains(Self.deferralNotice))
    }

    @Test("Ctrl-C during list --all keeps the pages already printed and ends the command with the signal")
    func interruptedListingKeepsOutput() async throws {
        let secondPage = HeldAnswer()
        defer { secondPage.release() }
        let scenario = try FaultScenario { request in
            guard request.query["cursor"] == "page-2" else {
                return .json(pageJSON(ids: ["first-page-story"], next: "page-2"))
            }
            secondPage.hold()
            return .json(pageJSON(ids: ["second-page-story"], next: nil))
        }
        defer { scenario.server.stop() }
        try await scenario.seedSession(expired: false)
        let cli = try await StartedProcess.start(
            try BuildProducts.executable(named: "stories-cli"), ["list", "--all", "--json"],
            environment: scenario.environment)
        await secondPage.arrival()
        await cli.standardOutput.waitFor("first-page-story")
        cli.send(SIGINT)
        #expect(try await cli.termination() == .signaled(SIGINT))
        #expect(cli.standardOutput.text.contains("first-page-story"))
        #expect(!cli.standardOutput.text.contains("second-page-story"))
    }
}
