import Foundation
import Logging
import Testing

@testable import StoriesServerKit

/// How the resource server decides on an external authorization server's tokens, and how long it remembers.
@Suite("IntrospectingTokenVerifier")
struct IntrospectingTokenVerifierTests {
    let clock = TestEnvironment()
    let introspector = ScriptedIntrospector()
    static let resource = "http://127.0.0.1:8080/v1"

    func verifier(
        capacity: Int = 100, logger: Logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    )
        -> IntrospectingTokenVerifier
    {
        IntrospectingTokenVerifier(
            introspector: introspector, origin: PublicOrigin("http://127.0.0.1:8080"), environment: clock.environment,
            logger: logger, capacity: capacity)
    }

    var now: Double { clock.environment.now().timeIntervalSince1970 }

    @Test(
        "An active token is valid for its username, else its subject, when its audience is absent or names this API",
        arguments: [
            (IntrospectedToken(active: true, username: "alice"), AccessTokenVerdict.valid(username: "alice")),
            (IntrospectedToken(active: true, username: "alice", sub: "u-7"), .valid(username: "alice")),
            (IntrospectedToken(active: true, sub: "u-7"), .valid(username: "u-7")),
            (IntrospectedToken(active: true, username: "alice", aud: [resource]), .valid(username: "alice")),
            (
                IntrospectedToken(
                    active: true, username: "alice", aud: ["https://other.example", "HTTP://127.0.0.1:8080/v1/"]),
                .valid(username: "alice")
            ),
            (IntrospectedToken(active: true, username: "alice", aud: ["https://other.example"]), .invalid),
            (IntrospectedToken(active: true, username: "alice", aud: []), .invalid),
            (IntrospectedToken(active: true), .invalid), (IntrospectedToken(active: true, username: ""), .invalid),
            (IntrospectedToken(active: false, username: "alice"), .invalid),
        ])
    func verdicts(introspected: IntrospectedToken, verdict: AccessTokenVerdict) async {
        introspector.answer("token", with: .success(introspected))
        #expect(await verifier().verify(accessToken: "token") == verdict)
    }

    @Test("An active token whose exp has passed is refused")
    func expired() async {
        introspector.answer("token", with: .success(IntrospectedToken(active: true, username: "alice", exp: now)))
        #expect(await verifier().verify(accessToken: "token") == .invalid)
    }

    @Test(
        "A valid answer is reused for 60 seconds, or until the token's exp when that comes first",
        arguments: [(Double?.none, 60.0), (30, 30), (90, 60)])
    func positiveLifetime(expiresIn: Double?, reusedFor: Double) async {
        introspector.answer(
            "token", with: .success(IntrospectedToken(active: true, username: "alice", exp: expiresIn.map { now + $0 }))
        )
        let verifier = verifier()
        #expect(await verifier.verify(accessToken: "token") == .valid(username: "alice"))
        clock.advance(by: reusedFor - 1)
        #expect(await verifier.verify(accessToken: "token") == .valid(username: "alice"))
        #expect(introspector.calls.count == 1)
        clock.advance(by: 1)
        _ = await verifier.verify(accessToken: "token")
        #expect(introspector.calls.count == 2)
    }

    @Test("A refusal is reused for 10 seconds only, so a token that just became valid is soon taken")
    func negativeLifetime() async {
        let verifier = verifier()
        #expect(await verifier.verify(accessToken: "token") == .invalid)
        clock.advance(by: 9)
        #expect(await verifier.verify(accessToken: "token") == .invalid)
        #expect(introspector.calls.count == 1)
        introspector.answer("token", with: .success(IntrospectedToken(active: true, username: "alice")))
        clock.advance(by: 1)
        #expect(await verifier.verify(accessToken: "token") == .valid(username: "alice"))
        #expect(introspector.calls.count == 2)
    }

    @Test(
        "No answer from the authorization server is unverifiable, and the next request asks again",
        arguments: [IntrospectionFailure.unreachable, .timedOut, .tooLarge, .status(500), .status(401), .unreadable])
    func failures(failure: IntrospectionFailure) async {
        let lines = LogLines()
        let verifier = verifier(logger: Logger(label: "test") { _ in RecordingLogHandler(lines: lines) })
        introspector.answer("secret-token-value", with: .failure(failure))
        #expect(await verifier.verify(accessToken: "secret-token-value") == .unverifiable)
        introspector.answer("secret-token-value", with: .success(IntrospectedToken(active: true, username: "alice")))
        #expect(await verifier.verify(accessToken: "secret-token-value") == .valid(username: "alice"))
        #expect(introspector.calls.count == 2)
        #expect(lines.all.first == "introspection outcome=unavailable reason=\(failure.reason)")
        #expect(!lines.all.contains { $0.contains("secret-token-value") })
    }

    @Test("Requests that arrive while a token is being introspected share that one introspection")
    func singleFlight() async {
        introspector.answer("token", with: .success(IntrospectedToken(active: true, username: "alice")))
        introspector.hold()
        let verifier = verifier()
        let first = Task { await verifier.verify(accessToken: "token") }
        await introspector.waitForCalls(1)
        // The first introspection is under way and held: these find it pending.
        let others = (0..<20).map { _ in Task { await verifier.verify(accessToken: "token") } }
        introspector.release()
        #expect(await first.value == .valid(username: "alice"))
        for other in others { #expect(await other.value == .valid(username: "alice")) }
        #expect(introspector.calls == ["token"])
    }

    @Test("At most `capacity` tokens are remembered: expired answers go first, then any")
    func bounded() async {
        let verifier = verifier(capacity: 3)
        for index in 0..<10 { _ = await verifier.verify(accessToken: "token-\(index)") }
        #expect(await verifier.count <= 3)
        clock.advance(by: 10)
        _ = await verifier.verify(accessToken: "fresh")
        #expect(await verifier.count == 1)
    }
}
