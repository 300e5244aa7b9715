import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StoriesServerKit

/// Text from a request reaches the sign-in pages only escaped.
@Suite("HTML escaping")
struct HTMLEscapingTests {
    let clock = TestEnvironment()

    @Test(
        "The five characters that end text or an attribute are replaced by references",
        arguments: [
            ("plain", "plain"), ("<script>", "&lt;script&gt;"), (#"a"b'c"#, "a&quot;b&#39;c"), ("&amp;", "&amp;amp;"),
            ("élan 🐍", "élan 🐍"),
        ])
    func escapes(text: String, escaped: String) {
        #expect(text.htmlEscaped == escaped)
    }

    static let payload = ##""><script>alert('x')</script><a href="#"##

    @Test("A user_code in the verification page's address is shown escaped")
    func verificationPageEscapesUserCode() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/device?" + FormURLEncoding.query([("user_code", Self.payload)]), method: .get)
            #expect(response.status == .ok)
            #expect(!response.text.contains("<script>"))
            #expect(response.text.contains(Self.payload.htmlEscaped))
        }
    }

    @Test("A typed user code shown again after a mistake is escaped")
    func verificationFormEscapesTypedCode() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.verifyDevice(userCode: Self.payload, decision: "approve")
            #expect(response.status == .badRequest)
            #expect(!response.text.contains("<script>"))
            #expect(response.text.contains(Self.payload.htmlEscaped))
        }
    }

    @Test("The scope and the redirect URI's path on the consent page are escaped")
    func consentPageEscapes() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let parameters = AuthorizationServerApp.authorizationParameters + [("scope", Self.payload)]
            let response = try await client.execute(uri: AuthorizationServerApp.authorizeURI(parameters), method: .get)
            #expect(response.status == .ok)
            #expect(!response.text.contains("<script>"))
            #expect(response.text.contains(Self.payload.htmlEscaped))
        }
    }

    @Test("The pages forbid framing, caching and loading anything but their inline style")
    func securityHeaders() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            for uri in ["/device", AuthorizationServerApp.authorizeURI(AuthorizationServerApp.authorizationParameters)]
            {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                let policy = try #require(response.headers[HTTPField.Name("Content-Security-Policy")!])
                #expect(policy.contains("default-src 'none'"))
                #expect(policy.contains("frame-ancestors 'none'"))
            }
        }
    }
}
