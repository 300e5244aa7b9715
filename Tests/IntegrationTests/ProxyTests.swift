import Foundation
import StoriesCLITestSupport
import TestSupport
import Testing

@testable import StoriesCLIKit

/// The real transport through a recording proxy on loopback.
@Suite("Proxy through the real transport", .serialized, .timeLimit(.minutes(1)))
struct ProxyTests {
    let credentialsPath = FileManager.default.temporaryDirectory
        .appendingPathComponent("proxy-\(UUID().uuidString)/credentials.sqlite").path

    func login(serverURL: String, environment: [String: String]) async throws -> CLIExitCode {
        try await LoginCommand.parse(["--username", "demo", "--password-stdin"]).run(
            environment: environment.merging([
                "STORIES_SERVER_URL": serverURL, "STORIES_CREDENTIALS_DB": credentialsPath,
                "STORIES_CREDENTIALS_STORAGE": "plain",
            ]) { $1 },
            output: CapturedOutput(), input: .piped(["demo-password"]), now: { Date() })
    }

    @Test("An https server is reached through HTTPS_PROXY with CONNECT, so the proxy only relays TLS")
    func httpsUsesConnect() async throws {
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        let status = try await login(
            serverURL: "https://127.0.0.1:9/v1", environment: ["HTTPS_PROXY": "http://127.0.0.1:\(proxy.port)"])
        #expect(status == .unreachable)
        #expect(proxy.requestLines.first?.hasPrefix("CONNECT 127.0.0.1:9 ") == true, "\(proxy.requestLines)")
    }

    @Test("NO_PROXY sends the request directly")
    func noProxyBypasses() async throws {
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        let status = try await login(
            serverURL: "https://127.0.0.1:9/v1",
            environment: ["HTTPS_PROXY": "http://127.0.0.1:\(proxy.port)", "NO_PROXY": "127.0.0.1"])
        #expect(status == .unreachable)
        #expect(proxy.requestLines.isEmpty)
    }

    @Test("A plain-http loopback server is never proxied, so no proxy sees the password")
    func loopbackHTTPIsDirect() async throws {
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        try await RunningServer.with { server in
            let status = try await login(
                serverURL: server.baseURL.absoluteString,
                environment: [
                    "HTTP_PROXY": "http://127.0.0.1:\(proxy.port)", "ALL_PROXY": "http://127.0.0.1:\(proxy.port)",
                ])
            #expect(status == .success)
        }
        #expect(proxy.requestLines.isEmpty)
    }
}
