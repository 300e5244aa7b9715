import APIClientTestSupport
import AuthorizationServerClient
import Foundation
import OpenAPIRuntime
import Synchronization
import Testing

@testable import Authorization

@Suite("Device authorization grant (RFC 8628) at the token endpoint")
struct DeviceAuthorizationTests {
    static let sentAt = Date(timeIntervalSince1970: 1_800_000_000)

    static func endpoint(_ api: MockAuthorizationServerAPI) -> TokenEndpoint {
        TokenEndpoint(api: api, clientID: "stories-cli", now: { sentAt })
    }

    static func response(
        interval: Int? = 5, expiresIn: Int = 600, verificationURI: String = "https://x.test/device"
    )
        -> Operations.CreateDeviceAuthorization.Output
    {
        .ok(
            .init(
                headers: .init(cacheControl: "no-store"),
                body: .json(
                    .init(
                        deviceCode: "device-code-1", userCode: "BCDF-GHJK", verificationUri: verificationURI,
                        verificationUriComplete: "https://x.test/device?user_code=BCDF-GHJK", expiresIn: expiresIn,
                        interval: interval))))
    }

    @Test("Requests a device authorization with the public client id and dates its expiry from the request")
    func requestsDeviceAuthorization() async throws {
        var api = MockAuthorizationServerAPI()
        api.createDeviceAuthorization = { input in
            guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
            #expect(form.clientId == "stories-cli")
            #expect(form.scope == nil)
            return Self.response()
        }
        let authorization = try await Self.endpoint(api).requestDeviceAuthorization(scope: nil, at: .fixture())
        #expect(authorization.deviceCode == Secret("device-code-1"))
        #expect(authorization.userCode == "BCDF-GHJK")
        #expect(authorization.verificationURI == URL(string: "https://x.test/device"))
        #expect(authorization.verificationURIComplete == URL(string: "https://x.test/device?user_code=BCDF-GHJK"))
        #expect(authorization.expiresAt == Self.sentAt.addingTimeInterval(600))
        #expect(authorization.interval == .seconds(5))
    }

    @Test(
        "Uses 5 seconds when the server names no interval and keeps a named one between 1 and 300 seconds",
        arguments: [(nil, 5), (0, 1), (-3, 1), (2, 2), (10_000, 300)] as [(Int?, Int64)])
    func boundsInterval(named: Int?, used: Int64) async throws {
        var api = MockAuthorizationServerAPI()
        api.createDeviceAuthorization = { _ in Self.response(interval: named) }
        #expect(
            try await Self.endpoint(api).requestDeviceAuthorization(scope: nil, at: .fixture()).interval
                == .seconds(used))
    }

    @Test(
        "Refuses a device authorization without a usable verification URI or lifetime",
        arguments: [("https://x.test/device", 0), ("/device", 600), ("", 600)])
    func refusesMalformed(uri: String, expiresIn: Int) async throws {
        var api = MockAuthorizationServerAPI()
        api.createDeviceAuthorization = { _ in Self.response(expiresIn: expiresIn, verificationURI: uri) }
        await #expect(throws: TokenEndpointError.malformedResponse(.invalidDeviceAuthorization)) {
            try await Self.endpoint(api).requestDeviceAuthorization(scope: nil, at: .fixture())
        }
    }

    @Test(
        "Turns each RFC 8628 polling answer into its outcome",
        arguments: [
            ("authorization_pending", DevicePollOutcome.pending), ("slow_down", .slowDown),
            ("access_denied", .denied), ("expired_token", .expired),
        ])
    func pollingAnswers(code: String, outcome: DevicePollOutcome) async throws {
        var api = MockAuthorizationServerAPI()
        api.createToken = { _ in .badRequest(.init(body: .json(.init(error: code)))) }
        #expect(
            try await Self.endpoint(api).pollDeviceAuthorization(deviceCode: Secret("dc"), at: .fixture()) == outcome)
    }

    @Test("Polls with the device-code grant and the public client id, and returns the tokens once approved")
    func pollGranted() async throws {
        let sent = Mutex<Components.Schemas.TokenRequest?>(nil)
        var api = MockAuthorizationServerAPI()
        api.createToken = { input in
            guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
            sent.withLock { $0 = form }
            return .ok(.init(headers: .init(cacheControl: "no-store"), body: .json(.fixture(expiresIn: 900))))
        }
        let outcome = try await Self.endpoint(api).pollDeviceAuthorization(deviceCode: Secret("dc-1"), at: .fixture())
        guard case .granted(let grant) = outcome else {
            Issue.record("expected tokens, got \(outcome)")
            return
        }
        #expect(grant.accessToken == Secret("access-token-0001"))
        let form = try #require(sent.withLock { $0 })
        #expect(form.grantType == .deviceCode)
        #expect(form.deviceCode == "dc-1")
        #expect(form.clientId == "stories-cli")
        #expect(form.password == nil)
    }

    @Test("Throws any other refusal while polling as the token endpoint's error")
    func pollOtherErrors() async throws {
        var api = MockAuthorizationServerAPI()
        api.createToken = { _ in .badRequest(.init(body: .json(.init(error: "invalid_grant")))) }
        await #expect(throws: TokenEndpointError.invalidGrant(description: nil)) {
            try await Self.endpoint(api).pollDeviceAuthorization(deviceCode: Secret("dc"), at: .fixture())
        }
    }
}
