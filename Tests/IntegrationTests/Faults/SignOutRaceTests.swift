import Foundation
import TestSupport
import Testing

/// `logout` while another `stories-cli` process is renewing the same session: the session must end everywhere, so
/// the token revoked is the one that renewal stores, not the one `logout` could have read before it.
@Suite("Signing out while another process refreshes", .serialized, .timeLimit(.minutes(1)))
struct SignOutRaceTests {
    @Test("logout waits for a refresh in progress, then revokes the refresh token that refresh stored")
    func logoutRevokesRotatedToken() async throws {
        let tokenAnswer = HeldAnswer()
        defer { tokenAnswer.release() }
        let scenario = try FaultScenario { request in
            switch request.path {
            case let path where path.hasSuffix("/oauth/token"):
                tokenAnswer.hold()
                return .json(tokenJSON(), headers: [("Cache-Control", "no-store")])
            case let path where path.hasSuffix("/oauth/revoke"):
                return .respond(status: 200)
            default:
                return .json(pageJSON(ids: ["1"], next: nil))
            }
        }
        defer { scenario.server.stop() }
        try await scenario.seedSession(expired: true)
        let cli = try BuildProducts.executable(named: "stories-cli")
        let refreshing = try await StartedProcess.start(cli, ["list"], environment: scenario.environment)
        // The refresh request is at the server, sent under the lock with the stored refresh token.
        await tokenAnswer.arrival()
        let logout = try await StartedProcess.start(cli, ["logout"], environment: scenario.environment)
        // Once `logout` has opened the lock file it is waiting for the lock; whatever it would have read or revoked
        // before that has already happened.
        #expect(await Self.waitUntil(logout, opens: scenario.credentialsPath + ".lock"))
        tokenAnswer.release()
        #expect(try await refreshing.termination() == .exited(0))
        #expect(try await logout.termination() == .exited(0), "\(logout.standardError.text)")
        let revoked = scenario.server.requests.filter { $0.path.hasSuffix("/oauth/revoke") }.map { $0.form["token"] }
        #expect(revoked == ["fault-refresh-2"])
        #expect(try await scenario.storedSession() == nil)
    }

    /// Whether `process` has `path` open, checked through `/proc` until it does, the process ends, or 20 s pass
    /// (a bound for a failing test, not a synchronisation).
    static func waitUntil(_ process: StartedProcess, opens path: String) async -> Bool {
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        let giveUp = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < giveUp {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
            for entry in entries
            where (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(entry)")) == path {
                return true
            }
            guard FileManager.default.fileExists(atPath: descriptors) else { return false }
            await Task.yield()
        }
        return false
    }
}
