import Foundation
import Testing

@testable import APIClientLive

@Suite("Proxy from the environment")
struct ProxyRouteTests {
    static let secure = URL(string: "https://api.stories.example/v1")!

    @Test(
        "https servers use HTTPS_PROXY, then ALL_PROXY, in either letter case; NO_PROXY bypasses them",
        arguments: [
            ([:], ProxyRoute.direct),
            (["HTTPS_PROXY": "http://proxy.test:3128"], .http(host: "proxy.test", port: 3128, credentials: nil)),
            (["https_proxy": "proxy.test:8080"], .http(host: "proxy.test", port: 8080, credentials: nil)),
            (["ALL_PROXY": "socks5://127.0.0.1:1080"], .socks(host: "127.0.0.1", port: 1080)),
            (
                ["HTTPS_PROXY": "http://a.test:1", "ALL_PROXY": "http://b.test:2"],
                .http(host: "a.test", port: 1, credentials: nil)
            ),
            (
                ["HTTPS_PROXY": "http://u%40x:p%3Aw@proxy.test:3128"],
                .http(host: "proxy.test", port: 3128, credentials: ProxyCredentials(username: "u@x", password: "p:w"))
            ),
            (["HTTPS_PROXY": "http://proxy.test:3128", "NO_PROXY": "*"], .direct),
            (["HTTPS_PROXY": "http://proxy.test:3128", "NO_PROXY": "other.test, .stories.example"], .direct),
            (["HTTPS_PROXY": "http://proxy.test:3128", "no_proxy": "stories.example"], .direct),
            (["HTTPS_PROXY": "http://proxy.test:3128", "NO_PROXY": "api.stories.example:443"], .direct),
            (
                ["HTTPS_PROXY": "http://proxy.test:3128", "NO_PROXY": "api.stories.example:8443"],
                .http(host: "proxy.test", port: 3128, credentials: nil)
            ),
            (
                ["HTTPS_PROXY": "http://proxy.test:3128", "NO_PROXY": "notstories.example"],
                .http(host: "proxy.test", port: 3128, credentials: nil)
            ),
            (["HTTP_PROXY": "http://proxy.test:3128"], .direct),
        ] as [([String: String], ProxyRoute)])
    func resolvesForHTTPS(environment: [String: String], expected: ProxyRoute) throws {
        #expect(try ProxyRoute.resolve(for: Self.secure, environment: environment) == expected)
    }

    @Test(
        "NO_PROXY matches IPv6 literals with or without brackets and port, and names with or without a trailing dot",
        arguments: [
            ("::1", 8443, "[::1]:8443", true), ("::1", 8443, "[::1]", true), ("::1", 8443, "::1", true),
            ("::1", 8443, "[::1]:9999", false), ("[::1]", 8443, "[::1]:8443", true),
            ("api.example.com.", 443, "api.example.com", true), ("api.example.com", 443, "api.example.com.", true),
            ("api.example.com.", 443, ".example.com", true), ("api.example.com", 443, "example.com.", true),
            ("api.example.com", 443, "[api.example.com]", false), ("api.example.com", 443, "xample.com", false),
        ] as [(String, Int, String, Bool)])
    func noProxyForms(host: String, port: Int, noProxy: String, bypassed: Bool) {
        #expect(ProxyRoute.bypasses(host: host, port: port, noProxy: noProxy) == bypassed)
    }

    @Test("Plain http, which is only ever this machine, is never proxied: a proxy would see the password")
    func neverProxiesPlainHTTP() throws {
        let environment = [
            "HTTP_PROXY": "http://p.test:1", "HTTPS_PROXY": "http://p.test:1", "ALL_PROXY": "http://p.test:1",
        ]
        #expect(
            try ProxyRoute.resolve(for: URL(string: "http://127.0.0.1:8080/v1")!, environment: environment) == .direct)
    }

    @Test(
        "An unusable proxy variable is refused with its name and what is wrong with it, never its value",
        arguments: [
            ("ftp://proxy.test:21", ProxyConfigurationError.unsupportedScheme(variable: "HTTPS_PROXY", scheme: "ftp")),
            ("http://", .notAProxyURL(variable: "HTTPS_PROXY")),
        ])
    func refusesBadProxy(value: String, expected: ProxyConfigurationError) {
        #expect(throws: expected) {
            try ProxyRoute.resolve(for: Self.secure, environment: ["HTTPS_PROXY": value])
        }
    }

    @Test("Proxy credentials never print")
    func credentialsNeverPrint() {
        let route = ProxyRoute.http(
            host: "p.test", port: 1, credentials: ProxyCredentials(username: "user", password: "hunter2"))
        #expect(!String(describing: route).contains("hunter2"))
        #expect(!String(reflecting: route).contains("hunter2"))
    }
}
