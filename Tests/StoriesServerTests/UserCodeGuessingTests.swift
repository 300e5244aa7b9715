import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StoriesServerKit

/// The verification page tells nothing about a code to someone who cannot sign in, and slows down whoever can
/// (RFC 8628 §5.1).
@Suite("User codes cannot be guessed on the verification page")
struct UserCodeGuessingTests {
    let clock = TestEnvironment()
    static let guesser = "198.51.100.66"

    @Test("Deny needs the same sign-in as Approve: without the right password nothing is denied")
    func denyNeedsSignIn() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let deviceCode = try #require(started["device_code"] as? String)
            let userCode = try #require(started["user_code"] as? String)
            for password in ["", "wrong-password"] {
                let page = try await client.verifyDevice(userCode: userCode, decision: "deny", password: password)
                #expect(page.status == .badRequest)
                #expect(page.text.contains("Wrong username or password."))
            }
            let anonymous = try await client.postForm(
                "/device",
                [
                    ("csrf_token", try await client.get("/device").csrfToken()), ("user_code", userCode),
                    ("decision", "deny"),
                ])
            #expect(anonymous.status == .badRequest)
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "authorization_pending")
        }
    }

    @Test(
        "Before the password is checked no answer says whether a code is live",
        arguments: ["approve", "deny"])
    func noAnswerBeforeThePassword(decision: String) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let live = try #require(started["user_code"] as? String)
            let dead = live == "BCDF-GHJK" ? "LMNP-QRST" : "BCDF-GHJK"
            func answer(_ userCode: String, password: String) async throws -> (HTTPResponse.Status, String) {
                let page = try await client.verifyDevice(
                    userCode: userCode, decision: decision, password: password, as: "192.0.2.\(password.count)")
                return (page.status, page.textWithoutFormToken.replacingOccurrences(of: userCode, with: "CODE"))
            }
            let forLive = try await answer(live, password: "wrong-password")
            let forDead = try await answer(dead, password: "wrong-password")
            #expect(forLive == forDead)
            #expect(forLive.0 == .badRequest)
            #expect(forLive.1.contains("Wrong username or password."))
        }
    }

    @Test("After five wrong codes from one address the page answers 429 with Retry-After and checks nothing")
    func wrongCodesPerAddress() async throws {
        let hashing = CountingPasswordHashing()
        let app = try await AuthorizationServerApp.make(clock: clock, passwordHashing: hashing.hashing)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let deviceCode = try #require(started["device_code"] as? String)
            let live = try #require(started["user_code"] as? String)
            let guesses = ["BCDF-GHJK", "BCDF-GHJL", "BCDF-GHJM", "BCDF-GHJN", "BCDF-GHJP", "BCDF-GHJQ"]
                .filter { UserCode.normalized($0) != UserCode.normalized(live) }
            for guess in guesses.prefix(5) {
                let wrong = try await client.verifyDevice(userCode: guess, decision: "deny", as: Self.guesser)
                #expect(wrong.status == .badRequest)
                #expect(wrong.text.contains("That code is not valid"))
            }
            let checked = hashing.checked.count
            // Even the live code is not looked at now, and neither is the password.
            let held = try await client.verifyDevice(userCode: live, decision: "deny", as: Self.guesser)
            #expect(held.status == .tooManyRequests)
            #expect(held.headers[.retryAfter] == "1")
            #expect(hashing.checked.count == checked)
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "authorization_pending")

            // Another address, signed in to another account, is not held back.
            #expect(try await client.register(username: "alice").status == .created)
            let elsewhere = try await client.verifyDevice(
                userCode: live, decision: "approve", username: "alice", password: "alice-password", as: "203.0.113.7")
            #expect(elsewhere.text.contains("Device connected"))
        }
    }

    @Test("Wrong codes count against the account that entered them, from any address")
    func wrongCodesPerAccount() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let live = try #require(started["user_code"] as? String)
            let guesses = ["BCDF-GHJK", "BCDF-GHJL", "BCDF-GHJM", "BCDF-GHJN", "BCDF-GHJP", "BCDF-GHJQ"]
                .filter { UserCode.normalized($0) != UserCode.normalized(live) }
            for (index, guess) in guesses.prefix(5).enumerated() {
                _ = try await client.verifyDevice(userCode: guess, decision: "approve", as: "198.51.100.\(index)")
            }
            let held = try await client.verifyDevice(userCode: live, decision: "approve", as: "198.51.100.99")
            #expect(held.status == .tooManyRequests)
            #expect(held.headers[.retryAfter] == "1")
        }
    }

    @Test("Entering a right code between guesses does not reset the count")
    func rightCodeResetsNothing() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            for guess in ["BCDF-GHJK", "BCDF-GHJL", "BCDF-GHJM", "BCDF-GHJN"] {
                _ = try await client.verifyDevice(userCode: guess, decision: "deny", as: Self.guesser)
            }
            let own = try #require(try await client.startDeviceAuthorization()["user_code"] as? String)
            #expect(try await client.verifyDevice(userCode: own, decision: "deny", as: Self.guesser).status == .ok)
            _ = try await client.verifyDevice(userCode: "BCDF-GHJP", decision: "deny", as: Self.guesser)
            let next = try #require(try await client.startDeviceAuthorization()["user_code"] as? String)
            let held = try await client.verifyDevice(userCode: next, decision: "deny", as: Self.guesser)
            #expect(held.status == .tooManyRequests)
        }
    }

    @Test("Something that cannot be a code is pointed out before anything is checked or counted")
    func malformedCode() async throws {
        let hashing = CountingPasswordHashing()
        let app = try await AuthorizationServerApp.make(clock: clock, passwordHashing: hashing.hashing)
        try await app.test(.router) { client in
            let checked = hashing.checked.count
            for _ in 1...10 {
                let page = try await client.verifyDevice(userCode: "12345", decision: "approve", as: Self.guesser)
                #expect(page.status == .badRequest)
                #expect(page.text.contains("eight letters"))
            }
            #expect(hashing.checked.count == checked)
        }
    }
}
