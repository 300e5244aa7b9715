import Testing

@testable import StoriesServerKit

@Suite("Loopback redirect URIs")
struct LoopbackRedirectURITests {
    @Test(
        "Only http to a loopback IP literal, on any port, without fragment or user information, is a redirect URI",
        arguments: [
            ("http://127.0.0.1:49152/callback", true), ("http://127.0.0.1:1/", true), ("http://127.0.0.1/cb", true),
            ("http://[::1]:8000/cb", true), ("http://127.0.0.1:65535/cb?app=1", true),
            ("https://127.0.0.1:49152/callback", false), ("http://localhost:49152/callback", false),
            ("http://10.0.0.1:49152/callback", false), ("https://evil.example/callback", false),
            ("http://127.0.0.1.evil.example/cb", false), ("http://127.0.0.1:49152/cb#fragment", false),
            ("http://user:pass@127.0.0.1:49152/cb", false), ("com.example.app:/callback", false),
            ("/callback", false), ("", false),
        ])
    func accepts(uri: String, accepted: Bool) {
        #expect((LoopbackRedirectURI(uri) != nil) == accepted)
    }

    @Test(
        "Parameters are added to the query the URI already has, each percent-encoded",
        arguments: [
            ("http://127.0.0.1:5000/cb", "http://127.0.0.1:5000/cb?code=a%2Bb&state=x%20y%26z"),
            ("http://127.0.0.1:5000/cb?app=1", "http://127.0.0.1:5000/cb?app=1&code=a%2Bb&state=x%20y%26z"),
        ])
    func addsParameters(uri: String, expected: String) throws {
        let redirect = try #require(LoopbackRedirectURI(uri))
        #expect(redirect.adding([("code", "a+b"), ("state", "x y&z")]) == expected)
    }
}
