import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StoriesServerKit

/// The CSRF protection of the sign-in pages: a form is accepted only with the token of a page this server rendered,
/// once, while it is fresh.
@Suite("Form tokens (CSRF)")
struct FormTokenTests {
    let clock = TestEnvironment()

    enum Submission: String, CaseIterable {
        case missing, wrong, reused, expired
    }

    static let pages = ["/oauth/authorize", "/device"]

    @Test(
        "A sign-in form without this server's fresh, unused token is refused with 403 and changes nothing",
        arguments: pages, Submission.allCases)
    func refuses(page: String, submission: Submission) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let deviceCode = try #require(started["device_code"] as? String)
            let userCode = try #require(started["user_code"] as? String)
            let uri =
                page == "/device"
                ? "/device"
                : AuthorizationServerApp.authorizeURI(
                    AuthorizationServerApp.authorizationParameters)
            let rendered = try await client.execute(uri: uri, method: .get)
            let token = try rendered.csrfToken()
            var fields = [
                ("user_code", userCode), ("username", "demo"), ("password", "demo-password"), ("decision", "approve"),
            ]
            switch submission {
            case .missing: break
            case .wrong: fields.append(("csrf_token", token + "x"))
            case .reused:
                fields.append(("csrf_token", token))
                // The first submission, with a wrong password, spends the token.
                let first = try await client.postForm(
                    page, fields.map { $0.0 == "password" ? ($0.0, "wrong-pass") : $0 })
                #expect(first.status == .badRequest)
            case .expired:
                fields.append(("csrf_token", token))
                clock.advance(by: 600)
            }
            let response = try await client.postForm(page, fields)
            #expect(response.status == .forbidden)
            #expect(response.headers[.location] == nil)
            #expect(!response.text.contains("csrf_token"))
            if submission != .expired {
                #expect(try await client.poll(deviceCode: deviceCode).oauthError == "authorization_pending")
            }
        }
    }

    @Test("A token is redeemed once, for what it was issued for, until it expires")
    func redeemsOnce() async {
        let tokens = FormTokens<String>(lifetime: 10, environment: clock.environment)
        let first = await tokens.issue(for: "first", to: .unknown)
        let second = await tokens.issue(for: "second", to: .unknown)
        #expect(await tokens.redeem(second) == "second")
        #expect(await tokens.redeem(second) == nil)
        #expect(await tokens.redeem(nil) == nil)
        clock.advance(by: 10)
        #expect(await tokens.redeem(first) == nil)
    }

    @Test("Past capacity, the token closest to expiring is dropped")
    func bounded() async {
        let tokens = FormTokens<Int>(lifetime: 10, capacity: 2, environment: clock.environment)
        let oldest = await tokens.issue(for: 1, to: .unknown)
        clock.advance(by: 1)
        let middle = await tokens.issue(for: 2, to: .unknown)
        let newest = await tokens.issue(for: 3, to: .unknown)
        #expect(await tokens.redeem(oldest) == nil)
        #expect(await tokens.redeem(middle) == 2)
        #expect(await tokens.redeem(newest) == 3)
    }
}
