import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StoriesServerKit

/// One client flooding a table that every client shares — device authorizations, authorization codes, sign-in forms,
/// pushed authorization requests —
/// leaves every other client working (the floods the issue measured: 10,000 requests from one source).
@Suite("One client cannot use up a shared table")
struct ClientFloodTests {
    let clock = TestEnvironment()
    static let flooder = "198.51.100.66"
    static let person = "203.0.113.7"

    @Test("10,000 device authorizations from one client leave another client's device sign-in working")
    func deviceAuthorizationFlood() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            var first: String?
            for _ in 0..<10_000 {
                let response = try await client.postForm(
                    "/v1/oauth/device_authorization", [("client_id", "stories-cli")], as: Self.flooder)
                #expect(response.status == .ok)
                if first == nil { first = try response.json()["device_code"] as? String }
            }
            // The flood only ever replaced its own authorizations: its first is gone.
            #expect(try await client.poll(deviceCode: try #require(first)).oauthError == "invalid_grant")

            let started = try await client.startDeviceAuthorization(as: Self.person)
            let deviceCode = try #require(started["device_code"] as? String)
            let userCode = try #require(started["user_code"] as? String)
            let approved = try await client.verifyDevice(userCode: userCode, decision: "approve", as: Self.person)
            #expect(approved.status == .ok)
            #expect(try await client.poll(deviceCode: deviceCode).json()["access_token"] is String)
        }
    }

    @Test("10,000 pushed authorization requests from one client leave another client's request_uri working")
    func pushedRequestFlood() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let parameters = AuthorizationServerApp.authorizationParameters
            let persons = try await client.push(parameters, as: Self.person)
            var first: String?
            for _ in 0..<10_000 {
                let response = try await client.postForm("/v1/oauth/par", parameters, as: Self.flooder)
                #expect(response.status == .created)
                if first == nil { first = try response.json()["request_uri"] as? String }
            }
            // The flood only ever replaced its own requests: its first is gone.
            let flooders = AuthorizationServerApp.authorizeURI([
                ("client_id", "stories-cli"), ("request_uri", try #require(first)),
            ])
            #expect(try await client.get(flooders, as: Self.flooder).status == .badRequest)
            let redirect = try await client.authorize(
                [("client_id", "stories-cli"), ("request_uri", persons)], as: Self.person)
            #expect(redirect.redirectParameters["code"] != nil)
        }
    }

    @Test(
        "10,000 GETs of a sign-in page from one client leave another client's open form working",
        arguments: ["/device", "/oauth/authorize"])
    func formFlood(page: String) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization(as: Self.person)
            let userCode = try #require(started["user_code"] as? String)
            let uri =
                page == "/device"
                ? "/device" : AuthorizationServerApp.authorizeURI(AuthorizationServerApp.authorizationParameters)
            let open = try await client.get(uri, as: Self.person).csrfToken()
            for _ in 0..<10_000 {
                #expect(try await client.get(uri, as: Self.flooder).status == .ok)
            }
            let submitted = try await client.postForm(
                page,
                [
                    ("csrf_token", open), ("user_code", userCode), ("username", "demo"),
                    ("password", "demo-password"), ("decision", "approve"),
                ],
                as: Self.person)
            #expect(submitted.status != .forbidden)
            #expect([.ok, .found].contains(submitted.status))
        }
    }

    @Test("10,000 codes approved by one account leave another account's codes issued and redeemable")
    func codeFlood() async throws {
        let codes = AuthorizationCodes(environment: clock.environment)
        let request = AuthorizationCodesTests.request
        let mallory = ClientAddress(text: Self.flooder)
        for _ in 0..<10_000 {
            _ = await codes.issue(for: request, username: "mallory", from: mallory)
        }
        #expect(
            await codes.count(for: .account("mallory"))
                == AuthorizationServerLimits.standard.authorizationCodesPerAccount)
        let code = await codes.issue(for: request, username: "demo", from: ClientAddress(text: Self.person))
        let grant = await codes.redeem(
            code, clientID: "stories-cli", redirectURI: request.redirectURI.text,
            verifier: AuthorizationServerApp.verifier)
        #expect(try grant.get() == CodeGrant(username: "demo", scope: nil))
    }

    @Test("An account that keeps signing in through the browser replaces its own codes; another account still gets one")
    func codeFloodThroughThePage() async throws {
        let accounts = ["mallory", "mallory2"]
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            for name in accounts {
                #expect(try await client.register(username: name).status == .created)
            }
            var firstCode: String?
            for index in 0..<30 {
                let name = accounts[index % 2]
                let redirect = try await client.authorize(
                    username: name, password: "\(name)-password", as: Self.flooder)
                let code = try #require(redirect.redirectParameters["code"])
                firstCode = firstCode ?? code
            }
            // The first code made room for later ones of the same client.
            #expect(try await client.exchange(code: try #require(firstCode)).oauthError == "invalid_grant")
            let code = try #require(try await client.authorize(as: Self.person).redirectParameters["code"])
            #expect(try await client.exchange(code: code).status == .ok)
        }
    }
}
