import AsyncHTTPClient
import Foundation
import TestSupport
import Testing

/// The introspection client's options, on the built executable: the id by option, the secret from a file.
@Suite("stories-server introspection options", .timeLimit(.minutes(1)))
struct IntrospectionOptionsTests {
    static let secret = "option-test-secret-value"

    @Test(
        "The client id and its secret file go together: either alone is refused in one line naming them, exit 64",
        arguments: [
            ["--introspection-client", "resource-server"], ["--introspection-client-secret-file", "/dev/null"],
        ])
    func together(arguments: [String]) async throws {
        let binary = try BuildProducts.executable(named: "stories-server")
        let result = try await ChildProcess.run(binary, ["--port", "0"] + arguments)
        #expect(result.status == 64)
        let firstLine = try #require(result.standardError.split(separator: "\n").first)
        #expect(firstLine.hasPrefix("Error: "), "\(result.standardError)")
        #expect(firstLine.contains("--introspection-client and --introspection-client-secret-file"))
    }

    @Test(
        "A secret file others may access, or that is missing, stops the server in one line naming the file, exit 66, without the secret",
        arguments: [0o644, 0o640, nil] as [Int?])
    func refusesSecretFile(mode: Int?) async throws {
        let path = try mode.map { try SecretFileTests.file(Self.secret, mode: $0) } ?? "/nonexistent/secret"
        let binary = try BuildProducts.executable(named: "stories-server")
        let result = try await ChildProcess.run(
            binary,
            ["--port", "0", "--introspection-client", "resource-server", "--introspection-client-secret-file", path])
        #expect(result.status == 66)
        #expect(
            result.standardError.hasPrefix("error: The introspection client's secret file \(path) cannot be used: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(!result.standardError.contains(Self.secret))
        #expect(!result.standardOutput.contains("Listening"))
    }

    @Test("With its client configured, the server names its introspection endpoint and answers that client alone")
    func configured() async throws {
        let path = try SecretFileTests.file(Self.secret + "\n", mode: 0o600)
        let server = try await ServerProcess.start([
            "--stories", "1", "--introspection-client", "resource-server", "--introspection-client-secret-file", path,
        ])
        defer { server.stop() }
        let origin = try #require(URL(string: "/", relativeTo: server.baseURL)?.absoluteURL)
        let metadataResponse = try await HTTPClient.shared.execute(
            HTTPClientRequest(
                url: origin.appendingPathComponent(".well-known/oauth-authorization-server").absoluteString),
            timeout: .seconds(10))
        let metadataData = Data(buffer: try await metadataResponse.body.collect(upTo: 1 << 16))
        let metadata = try #require(try JSONSerialization.jsonObject(with: metadataData) as? [String: Any])
        let endpoint = try #require(metadata["introspection_endpoint"] as? String)
        #expect(endpoint == server.baseURL.absoluteString + "/oauth/introspect")

        func introspect(secret: String) async throws -> UInt {
            var request = HTTPClientRequest(url: endpoint)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.headers.add(
                name: "Authorization", value: "Basic " + Data("resource-server:\(secret)".utf8).base64EncodedString())
            request.body = .bytes(Array("token=never-issued".utf8))
            return try await HTTPClient.shared.execute(request, timeout: .seconds(10)).status.code
        }
        #expect(try await introspect(secret: Self.secret) == 200)
        #expect(try await introspect(secret: "wrong") == 401)
        #expect(!server.output.text.contains(Self.secret))
    }
}
