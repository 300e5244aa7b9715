import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StoriesServerKit

/// The password grant behind `--password-grant`.
@Suite("Password grant option")
struct PasswordGrantOptionTests {
    let clock = TestEnvironment()

    @Test(
        "With the password grant disabled it is unsupported_grant_type and the metadata omits it; enabled it works",
        arguments: [true, false])
    func passwordGrant(enabled: Bool) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock, passwordGrantEnabled: enabled)
        try await app.test(.router) { client in
            let response = try await client.postForm(
                "/v1/oauth/token",
                [
                    ("grant_type", "password"), ("username", "demo"), ("password", "demo-password"),
                    ("client_id", "stories-cli"),
                ])
            #expect(response.status == (enabled ? .ok : .badRequest))
            #expect(response.oauthError == (enabled ? nil : "unsupported_grant_type"))
            let metadata = try await client.execute(uri: "/.well-known/oauth-authorization-server", method: .get).json()
            #expect((metadata["grant_types_supported"] as? [String])?.contains("password") == enabled)
        }
    }

    @Test("The reference server keeps the password grant enabled unless told otherwise")
    func enabledByDefault() {
        #expect(ServerConfiguration().passwordGrantEnabled)
    }
}
