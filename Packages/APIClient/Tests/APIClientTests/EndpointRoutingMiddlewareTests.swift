import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@Suite("EndpointRoutingMiddleware")
struct EndpointRoutingMiddlewareTests {
    /// What the next middleware was handed: the base URL and the request's path.
    static func route(
        _ operationID: String, path: String, routes: [String: URL],
        baseURL: URL = URL(string: "https://api.example.com/v1")!
    ) async throws -> (baseURL: URL, path: String?) {
        let middleware = EndpointRoutingMiddleware(routes: routes)
        let seen = try await middleware.intercept(
            HTTPRequest(method: .post, scheme: nil, authority: nil, path: path), body: nil, baseURL: baseURL,
            operationID: operationID
        ) { request, _, baseURL in
            (
                HTTPResponse(
                    status: .ok, headerFields: [.location: baseURL.absoluteString + "|" + (request.path ?? "")]), nil
            )
        }
        let parts = try #require(seen.0.headerFields[.location]).split(separator: "|", omittingEmptySubsequences: false)
        return (URL(string: String(parts[0]))!, String(parts[1]))
    }

    @Test(
        "A named operation goes to its URL: another origin, another path, the URL's query kept before the operation's",
        arguments: [
            (
                "https://login.example.net/realms/v1/token", "/oauth/token", "https://login.example.net",
                "/realms/v1/token"
            ),
            ("http://127.0.0.1:9000/o/token/", "/oauth/token", "http://127.0.0.1:9000", "/o/token/"),
            ("https://login.example.net/t?tenant=a", "/oauth/token", "https://login.example.net", "/t?tenant=a"),
            (
                "https://login.example.net/t?tenant=a", "/oauth/token?x=1", "https://login.example.net",
                "/t?tenant=a&x=1"
            ),
            ("https://login.example.net", "/oauth/token?x=1", "https://login.example.net", "/?x=1"),
            ("https://login.example.net:8443/a%20b", "/oauth/token", "https://login.example.net:8443", "/a%20b"),
        ])
    func routesNamedOperation(url: String, operationPath: String, origin: String, path: String) async throws {
        let routed = try await Self.route(
            "createToken", path: operationPath, routes: ["createToken": URL(string: url)!])
        #expect(routed.baseURL.absoluteString == origin)
        #expect(routed.path == path)
    }

    @Test("An operation it does not name goes where the client sends it")
    func passesOthersThrough() async throws {
        let routed = try await Self.route(
            "listStories", path: "/stories?limit=2",
            routes: ["createToken": URL(string: "https://login.example.net/token")!])
        #expect(routed.baseURL.absoluteString == "https://api.example.com/v1")
        #expect(routed.path == "/stories?limit=2")
    }
}
