import Foundation
import Testing

@testable import StoriesCLIKit

@Suite("Server selection")
struct ServerSelectionTests {
    @Test(
        "A server URL with a trailing slash, an explicit default port or upper case is one origin with one spelling",
        arguments: [
            ("http://127.0.0.1:8080/v1/", "http://127.0.0.1:8080/v1"),
            ("http://127.0.0.1:8080/v1//", "http://127.0.0.1:8080/v1"),
            ("HTTP://LOCALHOST:8080/v1", "http://localhost:8080/v1"),
            ("https://API.Stories.Example:443/v1/", "https://api.stories.example/v1"),
            ("http://127.0.0.1:80/v1", "http://127.0.0.1/v1"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ])
    func normalises(text: String, expected: String) throws {
        let server = try ResolvedServer.resolve(serverOption: nil, serverURLOption: text, environment: [:])
        #expect(server.url.absoluteString == expected)
        #expect(server.url.appendingPathComponent("stories").path.hasSuffix("/stories"))
        #expect(!server.url.appendingPathComponent("stories").path.contains("//"))
    }

    @Test("A URL that spells a named server is that server")
    func matchesNamedServer() throws {
        let server = try ResolvedServer.resolve(
            serverOption: nil, serverURLOption: "http://127.0.0.1:8080/v1/", environment: [:])
        #expect(server.name == .local)
    }
}
