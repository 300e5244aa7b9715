import Authorization
import Foundation
import Testing

@Suite("ServerOrigin")
struct ServerOriginTests {
    @Test(
        "Two URLs share an origin only with the same scheme, host, port and base path",
        arguments: [
            ("https://api.example.com/v1", "https://API.example.com:443/v1/", true),
            ("https://api.example.com/v1", "http://api.example.com/v1", false),
            ("https://api.example.com/v1", "https://api.example.com:8443/v1", false),
            ("https://api.example.com/v1", "https://staging.example.com/v1", false),
            ("https://api.example.com/v1", "https://api.example.com/v2", false),
            ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8081/v1", false),
        ])
    func comparesOrigins(first: String, second: String, same: Bool) throws {
        let a = try ServerOrigin(try #require(URL(string: first)))
        let b = try ServerOrigin(try #require(URL(string: second)))
        #expect((a == b) == same)
    }

    @Test(
        "Allows credentials over TLS, or plain HTTP only to a loopback IP literal or localhost, however it is spelled",
        arguments: [
            ("https://api.example.com/v1", true), ("HTTPS://API.EXAMPLE.COM/v1", true),
            ("http://127.0.0.1:8080/v1", true), ("http://127.255.0.9/v1", true), ("http://localhost/v1", true),
            ("http://LOCALHOST:8080/v1", true), ("http://[::1]:8080/v1", true), ("http://[0:0:0:0:0:0:0:1]/v1", true),
            ("http://api.example.com/v1", false), ("http://10.0.0.1/v1", false),
            ("http://127.0.0.1.example.test:8080/v1", false), ("http://0.0.0.0:8080/v1", false),
            ("http://[::ffff:127.0.0.1]:8080/v1", false), ("http://[::]:8080/v1", false),
            ("http://2130706433:8080/v1", false), ("http://0177.0.0.1:8080/v1", false),
            ("http://0x7f.0.0.1:8080/v1", false), ("http://127.1:8080/v1", false), ("http://127.0.0.01/v1", false),
            ("http://127.0.0.1./v1", false), ("http://localhost./v1", false),
            ("http://localhost.example.test/v1", false),
            ("http://128.0.0.1/v1", false), ("http://127.0.0.256/v1", false),
        ])
    func allowsCredentials(url: String, allowed: Bool) throws {
        #expect(try ServerOrigin(try #require(URL(string: url))).allowsCredentials == allowed)
    }

    @Test(
        "Rejects URLs that cannot carry a session",
        arguments: ["ftp://example.com", "https://user:pw@example.com/v1", "/relative"])
    func rejects(url: String) throws {
        #expect(throws: ServerOriginError.self) { try ServerOrigin(try #require(URL(string: url))) }
    }

    @Test(
        "An origin's URL is its one spelling: lower-case scheme and host, no default port, no trailing slash",
        arguments: [
            ("HTTPS://API.Example.com:443/v1/", "https://api.example.com/v1"),
            ("http://127.0.0.1:8080/v1//", "http://127.0.0.1:8080/v1"),
            ("http://[::1]:80/", "http://[::1]"),
            ("https://api.example.com:8443", "https://api.example.com:8443"),
        ])
    func spellsItsURL(url: String, expected: String) throws {
        #expect(try ServerOrigin(try #require(URL(string: url))).url.absoluteString == expected)
    }
}
