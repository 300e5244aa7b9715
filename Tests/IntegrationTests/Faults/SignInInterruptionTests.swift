import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C or `kill` after a browser sign-in has received its tokens: they are stored before the process ends (tokens
/// no file holds would stay live at the server), and the sign-in's forwarding page is removed all the same.
@Suite("Termination requests while a sign-in stores its tokens", .serialized, .timeLimit(.minutes(1)))
struct SignInInterruptionTests {
    @Test(
        "A termination request while a browser sign-in identifies its account ends login by that signal once the session is stored, and removes the forwarding page",
        arguments: [SIGINT, SIGTERM])
    func storedThenEndedWithPageRemoved(signal: Int32) async throws {
        let identification = HeldAnswer()
        defer { identification.release() }
        // An API with no metadata: login uses the contract's paths. The account is identified with the new token
        // (GET /v1/me), which the server holds until the test has sent its signal.
        let scenario = try FaultScenario { request in
            if request.path.hasSuffix("/oauth/token") {
                return .json(tokenJSON(), headers: [("Cache-Control", "no-store")])
            }
            if request.path == "/v1/me", request.hasAuthorization {
                identification.hold()
                return .json(#"{"id":"u1","username":"demo","createdAt":"2026-11-21T10:00:00Z"}"#)
            }
            return .json("{}", status: 404)
        }
        defer { scenario.server.stop() }
        let browser = try EchoingBrowser()
        defer { browser.remove() }
        var environment = scenario.environment
        environment["BROWSER"] = browser.path
        let cli = try await StartedProcess.start(
            try BuildProducts.executable(named: "stories-cli"), ["login"], environment: environment)
        #expect(await cli.waitForError("Ctrl-C stops waiting"), "\(cli.standardError.text)")
        #expect(await cli.waitForError("browser argc=1 url=file:///"), "\(cli.standardError.text)")
        let stderr = cli.standardError.text
        let page = try #require(stderr.firstMatch(of: /browser argc=1 url=file:\/\/(\/[^\n]*)/).map { String($0.1) })
        let address = try #require(
            stderr.firstMatch(of: /visit:\n\n    (\S+)\n/).flatMap { URLComponents(string: String($0.1)) })
        let items = address.queryItems ?? []
        let redirect = try #require(items.first { $0.name == "redirect_uri" }?.value.flatMap(URLComponents.init))
        let state = try #require(items.first { $0.name == "state" }?.value)

        // The browser comes back with a code, as after the person allowed the sign-in.
        var callback = redirect
        callback.queryItems = [URLQueryItem(name: "code", value: "code-1"), URLQueryItem(name: "state", value: state)]
        let callbackURL = try #require(callback.url)
        let browserVisit = Task { try? await URLSession(configuration: .ephemeral).data(from: callbackURL) }
        defer { browserVisit.cancel() }
        await identification.arrival()
        // The tokens are in hand and not yet stored.
        #expect(FileManager.default.fileExists(atPath: page))
        cli.send(signal)
        #expect(await cli.waitForError("Finishing storing the session"), "\(cli.standardError.text)")
        identification.release()
        #expect(try await cli.termination() == .signaled(signal), "\(cli.standardError.text)")
        let stored = try await scenario.storedSession()
        #expect(stored?.account == "demo")
        #expect(stored?.refreshToken?.unredacted == "fault-refresh-2")
        #expect(!FileManager.default.fileExists(atPath: page), "the forwarding page outlived the signal")
        #expect(!FileManager.default.fileExists(atPath: (page as NSString).deletingLastPathComponent))
    }
}
