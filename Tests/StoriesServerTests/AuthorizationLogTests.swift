import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import StoriesServerKit

/// What the sign-in flows write to the log: outcomes, never a secret.
@Suite("Authorization flow log lines")
struct AuthorizationLogTests {
    let clock = TestEnvironment()

    @Test("Both flows log their outcomes and never a code, a token or a password")
    func logsOutcomesOnly() async throws {
        let lines = LogLines()
        let app = try await AuthorizationServerApp.make(
            clock: clock, logger: Logger(label: "test") { _ in RecordingLogHandler(lines: lines) })
        let secrets = try await app.test(.router) { client in
            let code = try await client.authorizationCode()
            let exchanged = try await client.exchange(code: code).json()
            let started = try await client.startDeviceAuthorization()
            let deviceCode = try #require(started["device_code"] as? String)
            let userCode = try #require(started["user_code"] as? String)
            _ = try await client.verifyDevice(userCode: userCode, decision: "approve")
            let polled = try await client.poll(deviceCode: deviceCode).json()
            let tokens = [exchanged, polled].flatMap { body in
                ["access_token", "refresh_token"].compactMap { body[$0] as? String }
            }
            return ["demo-password", AuthorizationServerApp.verifier, code, deviceCode, userCode]
                + [UserCode.normalized(userCode) ?? userCode] + tokens
        }
        #expect(secrets.count == 10)
        let log = lines.all
        #expect(log.contains("authorize outcome=code_issued"))
        #expect(log.contains("token grant_type=authorization_code outcome=issued family=f1"))
        #expect(log.contains("device_verification outcome=approved"))
        #expect(log.contains("token grant_type=urn:ietf:params:oauth:grant-type:device_code outcome=issued family=f2"))
        for secret in secrets {
            #expect(!log.contains { $0.contains(secret) }, "a log line contains a secret")
        }
    }
}
