import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import StoriesServerKit

/// The device authorization grant (RFC 8628) through HTTP: the device's requests and the person's page.
@Suite("Device authorization grant")
struct DeviceAuthorizationTests {
    let clock = TestEnvironment()

    @Test("A device authorization answers codes, the verification URIs, the lifetime and the interval, never cached")
    func starts() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.postForm(
                "/v1/oauth/device_authorization", [("client_id", "stories-cli"), ("scope", "stories")])
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            let body = try response.json()
            let userCode = try #require(body["user_code"] as? String)
            #expect(UserCode.normalized(userCode) != nil)
            #expect((body["device_code"] as? String)?.isEmpty == false)
            #expect(body["verification_uri"] as? String == "http://127.0.0.1:8080/device")
            #expect(
                body["verification_uri_complete"] as? String == "http://127.0.0.1:8080/device?user_code=\(userCode)")
            #expect(body["expires_in"] as? Int == 600)
            #expect(body["interval"] as? Int == 5)
        }
    }

    @Test("An unknown or missing client is refused", arguments: [[("client_id", "other-app")], []])
    func refusesUnknownClient(fields: [(String, String)]) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.postForm("/v1/oauth/device_authorization", fields)
            #expect([.unauthorized, .badRequest].contains(response.status))
            #expect(["invalid_client", "invalid_request"].contains(response.oauthError))
        }
    }

    @Test(
        "Polling is pending until approval, slow_down when early (the interval then grows by 5 s), then tokens once"
    )
    func pendingSlowDownApproval() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let deviceCode = try #require(started["device_code"] as? String)
            let userCode = try #require(started["user_code"] as? String)

            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "authorization_pending")
            clock.advance(by: 1)
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "slow_down")
            // 6 s is past the original interval but inside the grown one (10 s): slow down again (now 15 s).
            clock.advance(by: 6)
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "slow_down")
            clock.advance(by: 14)
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "slow_down")
            clock.advance(by: 20)
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "authorization_pending")

            let approved = try await client.verifyDevice(userCode: userCode.lowercased(), decision: "approve")
            #expect(approved.status == .ok)
            #expect(approved.text.contains("Device connected"))

            clock.advance(by: 20)
            let issued = try await client.poll(deviceCode: deviceCode)
            #expect(issued.status == .ok)
            let body = try issued.json()
            let accessToken = try #require(body["access_token"] as? String)
            #expect(body["refresh_token"] is String)
            let me = try await client.execute(
                uri: "/v1/me", method: .get, headers: [.authorization: "Bearer \(accessToken)"])
            #expect(try me.json()["username"] as? String == "demo")

            clock.advance(by: 20)
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "invalid_grant")
        }
    }

    @Test("A denied request is access_denied, and the page says so")
    func denied() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let deviceCode = try #require(started["device_code"] as? String)
            let userCode = try #require(started["user_code"] as? String)
            let page = try await client.verifyDevice(userCode: userCode, decision: "deny", password: "")
            #expect(page.status == .ok)
            #expect(page.text.contains("Request denied"))
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "access_denied")
            // The decision is final: the code can no longer be approved.
            let late = try await client.verifyDevice(userCode: userCode, decision: "approve")
            #expect(late.status == .badRequest)
        }
    }

    @Test("Once expires_in has passed, polling is expired_token and the code can no longer be approved")
    func expires() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let deviceCode = try #require(started["device_code"] as? String)
            let userCode = try #require(started["user_code"] as? String)
            clock.advance(by: 599)
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "authorization_pending")
            clock.advance(by: 1)
            let page = try await client.verifyDevice(userCode: userCode, decision: "approve")
            #expect(page.status == .badRequest)
            #expect(page.text.contains("not valid, has expired"))
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "expired_token")
        }
    }

    @Test(
        "Polling with an unknown device code, another client's, or without one is refused",
        arguments: [
            ([("device_code", "never-issued"), ("client_id", "stories-cli")], "invalid_grant"),
            ([("client_id", "stories-cli")], "invalid_request"),
            ([("device_code", "never-issued")], "invalid_request"),
        ])
    func refusesBadPolls(fields: [(String, String)], error: String) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.postForm(
                "/v1/oauth/token", [("grant_type", AuthorizationServerApp.deviceGrantType)] + fields)
            #expect(response.status == .badRequest)
            #expect(response.oauthError == error)
        }
    }

    @Test("A wrong password on the verification page shows the form again with the typed code, and approves nothing")
    func wrongPassword() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.startDeviceAuthorization()
            let deviceCode = try #require(started["device_code"] as? String)
            let userCode = try #require(started["user_code"] as? String)
            let page = try await client.verifyDevice(userCode: userCode, decision: "approve", password: "wrong-pass")
            #expect(page.status == .badRequest)
            #expect(page.text.contains("Wrong username or password."))
            #expect(page.text.contains(#"value="\#(userCode)""#))
            #expect(try page.csrfToken().isEmpty == false)
            #expect(try await client.poll(deviceCode: deviceCode).oauthError == "authorization_pending")
        }
    }

    @Test("A user code that is live is never handed out again")
    func userCodesAreUnique() async throws {
        let codes = ["BCDF-GHJK", "BCDF-GHJK", "LMNP-QRST"]
        let next = Counter()
        let devices = DeviceAuthorizations(
            environment: clock.environment, makeUserCode: { codes[next.increment() % 3] })
        let first = try #require(await devices.start(PendingDeviceRequest(clientID: "stories-cli")))
        let second = try #require(await devices.start(PendingDeviceRequest(clientID: "stories-cli")))
        #expect(first.userCode == "BCDF-GHJK")
        #expect(second.userCode == "LMNP-QRST")
    }

    @Test("At capacity no device authorization starts, and the endpoint says temporarily_unavailable with 503")
    func bounded() async throws {
        let devices = DeviceAuthorizations(lifetime: 10, retention: 10, capacity: 1, environment: clock.environment)
        #expect(await devices.start(PendingDeviceRequest(clientID: "stories-cli")) != nil)
        #expect(await devices.start(PendingDeviceRequest(clientID: "stories-cli")) == nil)
        clock.advance(by: 20)
        #expect(await devices.start(PendingDeviceRequest(clientID: "stories-cli")) != nil)

        let backend = StoriesBackend(
            accounts: AccountDirectory(passwordHashCost: 4),
            tokens: TokenAuthority(accessTokenLifetime: 60, refreshTokenLifetime: nil, environment: clock.environment),
            catalog: StoryCatalog(count: 1, newest: clock.environment.now()),
            grants: AuthorizationGrants(
                configuration: ServerConfiguration(), environment: clock.environment, deviceCapacity: 0),
            environment: clock.environment,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
        let output = try await backend.createDeviceAuthorization(
            .init(body: .urlEncodedForm(.init(clientId: "stories-cli"))))
        guard case .serviceUnavailable(let response) = output, case .json(let error) = response.body else {
            Issue.record("expected 503, got \(output)")
            return
        }
        #expect(error.error == "temporarily_unavailable")
    }
}
