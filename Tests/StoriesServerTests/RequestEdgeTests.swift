import APIClientTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import StoriesServerKit

/// Requests the generated code cannot read, and methods the spec does not define, answered as the spec documents.
@Suite("Unreadable requests and undefined methods")
struct RequestEdgeTests {
    static func application() async throws -> some ApplicationProtocol {
        try await buildApplication(
            configuration: ServerConfiguration(port: 0, storyCount: 5, passwordHashCost: 4),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test(
        "A request the generated code cannot read is a documented 400, never a 500",
        arguments: [
            (HTTPRequest.Method.post, "/v1/oauth/token", "application/json", "error", "invalid_request"),
            (.post, "/v1/oauth/revoke", "application/json", "error", "invalid_request"),
            (.post, "/v1/users", "application/problem+json", "status", "400"),
            (.get, "/v1/stories?limit=null", "application/problem+json", "status", "400"),
            (.get, "/v1/stories?limit=abc&limit=7", "application/problem+json", "status", "400"),
        ])
    func unreadableRequests(
        method: HTTPRequest.Method, uri: String, contentType: String, key: String, value: String
    )
        async throws
    {
        let app = try await Self.application()
        try await app.test(.router) { client in
            let token = try await client.execute(
                uri: "/v1/oauth/token", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(
                    string: "grant_type=password&username=demo&password=demo-password&client_id=stories-cli"))
            let accessToken = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: token.body)) as? [String: Any])?["access_token"]
                    as? String)
            let response = try await client.execute(
                uri: uri, method: method, headers: [.authorization: "Bearer \(accessToken)"])
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == contentType)
            let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            #expect(object?[key].map { "\($0)" } == value)
        }
    }

    @Test(
        "A method the spec does not define on a path it does define is 405 with Allow",
        arguments: [
            (HTTPRequest.Method.trace, "/v1/health", "GET"), (.trace, "/v1/me", "GET"),
            (.delete, "/v1/stories/42", "GET"),
            (.get, "/v1/oauth/token", "POST"), (.put, "/v1/users", "POST"),
        ])
    func methodNotAllowed(method: HTTPRequest.Method, uri: String, allow: String) async throws {
        let app = try await Self.application()
        try await app.test(.router) { client in
            let response = try await client.execute(uri: uri, method: method)
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == allow)
        }
    }

    @Test("A path the spec does not define is still 404")
    func unknownPath() async throws {
        let app = try await Self.application()
        try await app.test(.router) { client in
            let unknown = try await client.execute(uri: "/v1/nowhere", method: .get)
            #expect(unknown.status == .notFound)
            let deeper = try await client.execute(uri: "/v1/stories/1/extra", method: .trace)
            #expect(deeper.status == .notFound)
        }
    }

    @Test("The tables of paths and methods are the two contracts'")
    func methodsMatchSpec() throws {
        func methods(at url: URL) throws -> [String: Set<String>] {
            try OpenAPISpec.paths(at: url).mapValues { item in
                Set(
                    item.keys.filter { ["get", "put", "post", "delete", "patch", "head", "options"].contains($0) }
                        .map { $0.uppercased() })
            }
        }
        #expect(
            StoriesBackend.methodsByPath.mapValues { Set($0.map(\.rawValue)) } == (try methods(at: OpenAPISpec.url)))
        #expect(
            AuthorizationServerBackend.methodsByPath.mapValues { Set($0.map(\.rawValue)) }
                == (try methods(at: OpenAPISpec.authorizationServerURL)))
    }
}
