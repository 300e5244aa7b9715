import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StoriesServerKit

/// Password guessing is slowed per account and per client address, on the token endpoint and both sign-in pages alike,
/// and a held-back attempt is refused without the password being checked.
@Suite("Password attempts are throttled")
struct PasswordThrottleTests {
    let clock = TestEnvironment()
    static let guesser = "198.51.100.66"
    static let owner = "203.0.113.7"

    @Test("100 wrong passwords, then the right one: only five are checked, and the right one waits for Retry-After")
    func hundredWrongThenRight() async throws {
        let hashing = CountingPasswordHashing()
        let app = try await AuthorizationServerApp.make(clock: clock, passwordHashing: hashing.hashing)
        try await app.test(.router) { client in
            let before = hashing.checked.count
            for attempt in 1...100 {
                let response = try await client.passwordGrant(password: "guess-\(attempt)", as: Self.guesser)
                #expect(response.status == .badRequest)
                #expect(response.oauthError == "invalid_grant")
                #expect((response.headers[.retryAfter] != nil) == (attempt > 5))
            }
            #expect(hashing.checked.count - before == 5)

            let right = try await client.passwordGrant(as: Self.guesser)
            #expect(right.oauthError == "invalid_grant")
            #expect(right.headers[.retryAfter] == "1")
            #expect(hashing.checked.count - before == 5)

            clock.advance(by: 1)
            #expect(try await client.passwordGrant(as: Self.guesser).status == .ok)
        }
    }

    @Test("Each failure past the allowance doubles the wait, up to 15 minutes")
    func waitsDouble() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            for attempt in 1...5 {
                _ = try await client.passwordGrant(password: "guess-\(attempt)", as: Self.guesser)
            }
            var waits: [String] = []
            for attempt in 6...18 {
                let held = try await client.passwordGrant(password: "guess-\(attempt)", as: Self.guesser)
                let wait = try #require(held.headers[.retryAfter])
                waits.append(wait)
                clock.advance(by: try #require(TimeInterval(wait)))
                // Past the wait the attempt is checked, fails, and the next wait is twice as long.
                _ = try await client.passwordGrant(password: "guess-\(attempt)", as: Self.guesser)
            }
            #expect(waits == ["1", "2", "4", "8", "16", "32", "64", "128", "256", "512", "900", "900", "900"])
        }
    }

    @Test("The owner signing in from another address does not reset the guesser's count")
    func successElsewhereResetsNothing() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            for attempt in 1...5 {
                _ = try await client.passwordGrant(password: "guess-\(attempt)", as: Self.guesser)
            }
            #expect(try await client.passwordGrant(as: Self.owner).status == .ok)
            let held = try await client.passwordGrant(password: "guess-6", as: Self.guesser)
            #expect(held.headers[.retryAfter] == "1")
            // The owner's own successful sign-ins do not count against anyone either.
            for _ in 1...30 {
                #expect(try await client.passwordGrant(as: Self.owner).status == .ok)
            }
        }
    }

    @Test(
        "Other accounts' failures from an address do not hold back an account that signed in from it before, at once")
    func trustedAccountOnBusyAddress() async throws {
        let shared = "192.0.2.10"
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            #expect(try await client.passwordGrant(as: shared).status == .ok)
            for index in 1...30 {
                _ = try await client.passwordGrant(username: "made-up-\(index)", password: "guess", as: shared)
            }
            // The address is over its allowance for everyone else…
            #expect(try await client.passwordGrant(username: "made-up-31", as: shared).headers[.retryAfter] != nil)
            // …but demo, who signed in from it, is checked at once and let in.
            let owner = try await client.passwordGrant(as: shared)
            #expect(owner.status == .ok)
            #expect(owner.headers[.retryAfter] == nil)
        }
    }

    @Test("One client trying many usernames is slowed after 20 failures, other clients are not")
    func perAddress() async throws {
        let hashing = CountingPasswordHashing()
        let app = try await AuthorizationServerApp.make(clock: clock, passwordHashing: hashing.hashing)
        try await app.test(.router) { client in
            for index in 1...20 {
                let response = try await client.passwordGrant(
                    username: "user\(index)", password: "guess-password", as: Self.guesser)
                #expect(response.headers[.retryAfter] == nil)
            }
            let checked = hashing.checked.count
            let held = try await client.passwordGrant(username: "user21", password: "guess", as: Self.guesser)
            #expect(held.headers[.retryAfter] == "1")
            // Even the right password of an account is not checked from that address now.
            #expect(try await client.passwordGrant(as: Self.guesser).headers[.retryAfter] == "1")
            #expect(hashing.checked.count == checked)
            #expect(try await client.passwordGrant(as: Self.owner).status == .ok)
        }
    }

    @Test(
        "Guessing one account from many addresses slows it for new addresses, not where its owner signed in before")
    func perUsername() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            #expect(try await client.passwordGrant(as: Self.owner).status == .ok)
            for index in 1...10 {
                let response = try await client.passwordGrant(password: "guess-password", as: "198.51.100.\(index)")
                #expect(response.headers[.retryAfter] == nil)
            }
            let stranger = try await client.passwordGrant(as: "198.51.100.200")
            #expect(stranger.oauthError == "invalid_grant")
            #expect(stranger.headers[.retryAfter] == "1")
            #expect(try await client.passwordGrant(as: Self.owner).status == .ok)
        }
    }

    @Test("An unknown username is slowed exactly like a known one")
    func unknownUsernamesAlike() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            for username in ["demo", "nobody"] {
                var answers: [String?] = []
                for attempt in 1...7 {
                    let response = try await client.passwordGrant(
                        username: username, password: "guess-\(attempt)", as: "192.0.2.\(username.count)")
                    answers.append(response.headers[.retryAfter])
                }
                #expect(answers == [nil, nil, nil, nil, nil, "1", "1"])
            }
        }
    }

    @Test(
        "On the sign-in pages a held-back attempt is 429 with Retry-After and the form again, unchecked",
        arguments: ["/oauth/authorize", "/device"])
    func pages(page: String) async throws {
        let hashing = CountingPasswordHashing()
        let app = try await AuthorizationServerApp.make(clock: clock, passwordHashing: hashing.hashing)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let userCode = try #require(started["user_code"] as? String)
            func submit(password: String) async throws -> TestResponse {
                page == "/device"
                    ? try await client.verifyDevice(
                        userCode: userCode, decision: "approve", password: password, as: Self.guesser)
                    : try await client.authorize(password: password, as: Self.guesser)
            }
            let before = hashing.checked.count
            for attempt in 1...5 {
                let wrong = try await submit(password: "guess-\(attempt)")
                #expect(wrong.status == .badRequest)
                #expect(wrong.text.contains("Wrong username or password."))
            }
            let held = try await submit(password: "demo-password")
            #expect(held.status == .tooManyRequests)
            #expect(held.headers[.retryAfter] == "1")
            #expect(held.text.contains("Too many attempts. Try again in 1 second."))
            #expect(try held.csrfToken().isEmpty == false)
            #expect(hashing.checked.count - before == 5)

            clock.advance(by: 1)
            let signedIn = try await submit(password: "demo-password")
            #expect([.ok, .found].contains(signedIn.status))
        }
    }

    @Test("An unknown username gets the same answer as a wrong password, at the token endpoint and on both pages")
    func sameAnswerForUnknownUsernames() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let userCode = try #require(started["user_code"] as? String)
            var answers: [[String]] = []
            for (index, username) in ["demo", "nobody"].enumerated() {
                let address = "192.0.2.\(index)"
                let grant = try await client.passwordGrant(username: username, password: "wrong-pass", as: address)
                let page = try await client.authorize(username: username, password: "wrong-pass", as: address)
                let device = try await client.verifyDevice(
                    userCode: userCode, decision: "approve", username: username, password: "wrong-pass", as: address)
                let error = try grant.json().map { "\($0.key)=\($0.value)" }.sorted()
                answers.append([
                    "\(grant.status.code) \(error)", "\(page.status.code) \(page.textWithoutFormToken)",
                    "\(device.status.code) \(device.textWithoutFormToken)",
                ])
            }
            #expect(answers[0] == answers[1])
        }
    }

    @Test("The password grant, the authorization page and the device page share one count")
    func sharedCount() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let userCode = try #require(started["user_code"] as? String)
            for attempt in 1...2 {
                _ = try await client.passwordGrant(password: "guess-\(attempt)", as: Self.guesser)
                _ = try await client.authorize(password: "guess-\(attempt)", as: Self.guesser)
            }
            _ = try await client.verifyDevice(
                userCode: userCode, decision: "approve", password: "guess-5", as: Self.guesser)
            #expect(try await client.passwordGrant(as: Self.guesser).headers[.retryAfter] == "1")
        }
    }
}
