import AsyncHTTPClient
import Foundation
import TestSupport
import Testing

/// `--authorization-server` on the built executable.
@Suite("stories-server --authorization-server", .timeLimit(.minutes(1)))
struct AuthorizationServerOptionsTests {
    static let secret = "authorization-server-option-secret"

    static func credentials() throws -> [String] {
        [
            "--introspection-client", "stories-api", "--introspection-client-secret-file",
            try SecretFileTests.file(secret, mode: 0o600),
        ]
    }

    @Test(
        "An issuer that is not https (or http on loopback), or has a query or fragment, is refused in one line, exit 64",
        arguments: [
            "http://as.example", "ftp://127.0.0.1/as", "https://as.example/?tenant=a", "https://as.example/#top",
            "as.example", "https://user@as.example",
        ])
    func refusesIssuer(issuer: String) async throws {
        let binary = try BuildProducts.executable(named: "stories-server")
        let result = try await ChildProcess.run(
            binary, ["--port", "0", "--authorization-server", issuer] + Self.credentials())
        #expect(result.status == 64)
        let firstLine = try #require(result.standardError.split(separator: "\n").first)
        #expect(firstLine.hasPrefix("Error: --authorization-server must be"), "\(result.standardError)")
    }

    @Test("Without the introspection client it is refused in one line naming both options, exit 64")
    func needsClient() async throws {
        let binary = try BuildProducts.executable(named: "stories-server")
        let result = try await ChildProcess.run(
            binary, ["--port", "0", "--authorization-server", "https://as.example"])
        #expect(result.status == 64)
        let firstLine = try #require(result.standardError.split(separator: "\n").first)
        #expect(firstLine.contains("--authorization-server needs --introspection-client"), "\(result.standardError)")
    }

    @Test("An authorization server nobody answers at stops the start-up in one line, exit 75")
    func unreachable() async throws {
        let closed = try RefusingPort()
        defer { closed.release() }
        let origin = "http://127.0.0.1:\(closed.port)"
        let binary = try BuildProducts.executable(named: "stories-server")
        let result = try await ChildProcess.run(
            binary, ["--port", "0", "--authorization-server", origin] + Self.credentials())
        #expect(result.status == 75)
        #expect(
            result.standardError.hasPrefix("error: The authorization server \(origin) cannot be reached"),
            "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(!result.standardOutput.contains("Listening"))
    }

    @Test("Metadata without an introspection endpoint stops the start-up in one line, exit 78")
    func noIntrospectionEndpoint() async throws {
        let stub = try StubAuthorizationServer { origin, _ in
            StubAuthorizationServer.metadata(issuer: origin, introspectionEndpoint: nil)
        }
        defer { stub.stop() }
        let binary = try BuildProducts.executable(named: "stories-server")
        let result = try await ChildProcess.run(
            binary, ["--port", "0", "--authorization-server", stub.origin] + Self.credentials())
        #expect(result.status == 78)
        #expect(
            result.standardError.hasPrefix("error: The authorization server \(stub.origin) publishes no metadata"),
            "\(result.standardError)")
        #expect(result.standardError.contains("no introspection_endpoint"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test(
        "With a usable authorization server it starts, and its metadata names that issuer; the secret is never printed")
    func starts() async throws {
        let stub = try StubAuthorizationServer { origin, request in
            request.path == "/.well-known/oauth-authorization-server"
                ? StubAuthorizationServer.metadata(issuer: origin, introspectionEndpoint: origin + "/introspect")
                : .json(#"{"active":true,"username":"alice"}"#)
        }
        defer { stub.stop() }
        let server = try await ServerProcess.start(
            ["--stories", "1", "--authorization-server", stub.origin] + Self.credentials())
        defer { server.stop() }
        let origin = try #require(URL(string: "/", relativeTo: server.baseURL)?.absoluteURL.absoluteString)
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: origin + ".well-known/oauth-protected-resource/v1"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 16)
        let metadata = try #require(
            try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])
        #expect(metadata["authorization_servers"] as? [String] == [stub.origin])
        var me = HTTPClientRequest(url: server.baseURL.absoluteString + "/me")
        me.headers.add(name: "Authorization", value: "Bearer any-token")
        #expect(try await HTTPClient.shared.execute(me, timeout: .seconds(10)).status.code == 200)
        #expect(server.output.text.contains("authorization_server issuer=\(stub.origin) introspection_endpoint="))
        #expect(!server.output.text.contains(Self.secret))
    }
}
