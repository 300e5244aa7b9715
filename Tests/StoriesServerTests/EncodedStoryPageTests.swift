import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
@_spi(Generated) import OpenAPIRuntime
import RFC3339
import StoriesServerAPI
import Testing

@testable import StoriesServerKit

/// Pages the catalog writes itself (`StoryPageEncoder`), against what the generated serializer writes.
@Suite("Pages written by the catalog")
struct EncodedStoryPageTests {
    /// Not a whole second, so that every date carries a fraction.
    static let newest = Date(timeIntervalSince1970: 1_800_000_000.125)

    /// What the generated serializer writes for `page`, with the runtime's own converter.
    static func generatedBody(_ page: Components.Schemas.StoryPage) async throws -> (String?, Data) {
        var fields = HTTPFields()
        let body = try Converter(configuration: .stories).setResponseBodyAsJSON(
            page, headerFields: &fields, contentType: "application/json; charset=utf-8")
        return (fields[.contentType], try await Data(collecting: body, upTo: .max))
    }

    static func decoded(_ data: Data) throws -> Components.Schemas.StoryPage {
        let decoder = JSONDecoder()
        let transcoder = Configuration.stories.dateTranscoder
        decoder.dateDecodingStrategy = .custom { decoder in
            try transcoder.decode(try decoder.singleValueContainer().decode(String.self))
        }
        return try decoder.decode(Components.Schemas.StoryPage.self, from: data)
    }

    /// The same JSON value: same keys and values at every level, whatever the order of the keys.
    static func sameJSON(_ first: Data, _ second: Data) throws -> Bool {
        let first = try JSONSerialization.jsonObject(with: first) as? NSDictionary
        let second = try JSONSerialization.jsonObject(with: second) as? NSDictionary
        return first != nil && first == second
    }

    @Test(
        "A page the catalog writes is the JSON value the generated serializer writes for that page",
        arguments: [
            (30, nil, 20), (30, 20, 20), (30, 29, 1), (30, nil, 100), (30, 1, 100), (30, 30, 5), (0, nil, 20),
            (1, nil, 1), (1000, 500, 37), (1_000_000, nil, 100), (1_000_000, 999_950, 100),
        ] as [(Int, Int?, Int)])
    func matchesGeneratedSerializer(count: Int, offset: Int?, limit: Int) async throws {
        let catalog = StoryCatalog(count: count, newest: Self.newest, configuration: .stories)
        let cursor = offset.map { StoryCatalog.cursor(for: $0, count: count) }
        let page = try catalog.page(cursor: cursor, limit: limit)
        let encoded = try #require(try catalog.encodedPage(cursor: cursor, limit: limit))
        let (_, generated) = try await Self.generatedBody(
            .init(items: page.stories.map(Components.Schemas.Story.init), nextCursor: page.next))
        #expect(try Self.sameJSON(Data(encoded), generated))
        #expect(try Self.decoded(Data(encoded)) == Self.decoded(generated))
    }

    @Test(
        "Under a configuration that keeps slashes or uses another date transcoder, the page is still the generated one",
        arguments: [
            Configuration(dateTranscoder: RFC3339DateTranscoder(), jsonEncodingOptions: [.withoutEscapingSlashes]),
            Configuration(dateTranscoder: .iso8601WithFractionalSeconds, jsonEncodingOptions: []),
        ])
    func followsConfiguration(configuration: Configuration) async throws {
        let catalog = StoryCatalog(count: 30, newest: Self.newest, configuration: configuration)
        let page = try catalog.page(cursor: nil, limit: 30)
        let encoded = try #require(try catalog.encodedPage(cursor: nil, limit: 30))
        var fields = HTTPFields()
        let generated = try await Data(
            collecting: try Converter(configuration: configuration).setResponseBodyAsJSON(
                Components.Schemas.StoryPage(
                    items: page.stories.map(Components.Schemas.Story.init), nextCursor: page.next),
                headerFields: &fields, contentType: "application/json; charset=utf-8"),
            upTo: .max)
        #expect(try Self.sameJSON(Data(encoded), generated))
    }

    @Test("A configuration that sorts keys or pretty-prints leaves the page to the generated serializer")
    func leavesOtherFormatsToGeneratedCode() throws {
        for options in [[.sortedKeys], [.prettyPrinted]] as [JSONEncodingOptions] {
            let configuration = Configuration(dateTranscoder: RFC3339DateTranscoder(), jsonEncodingOptions: options)
            let catalog = StoryCatalog(count: 30, newest: Self.newest, configuration: configuration)
            #expect(try catalog.encodedPage(cursor: nil, limit: 20) == nil)
        }
    }

    @Test(
        "Reads limit and cursor only from a query it reads exactly as the generated code does",
        arguments: [
            ("/v1/stories", PageQuery?.some(PageQuery())), ("/v1/stories?limit=20", PageQuery(limit: 20)),
            ("/v1/stories?cursor=20&limit=007", PageQuery(limit: 7, cursor: "20")),
            ("/v1/stories?limit=%32", nil), ("/v1/stories?limit=20&limit=20", nil), ("/v1/stories?limit=1000", nil),
            ("/v1/stories?limit=", nil), ("/v1/stories?limit=-1", nil), ("/v1/stories?limit=+1", nil),
            ("/v1/stories?cursor=a%3D", nil), ("/v1/stories?cursor=a.b", nil), ("/v1/stories?other=1", nil),
            ("/v1/stories?", nil), ("/v1/stories?limit", nil), ("/v1/stories?limit=20&", nil),
        ])
    func readsPlainQueries(path: String, expected: PageQuery?) {
        #expect(PageQuery(path: path) == expected)
    }

    @Test(
        "Takes an Accept header for JSON exactly when the generated code would answer it with JSON",
        arguments: [
            (nil, true), ("*/*", true), ("application/json", true), ("application/*", true),
            // What stories-cli sends: the page, or a problem document.
            ("application/json, application/problem+json", true), ("application/problem+json,application/json", true),
            ("application/json;q=0.9", true), (" Application/JSON ; charset=utf-8", true),
            ("text/html, */*;q=0.1", true),
            ("application/json, garbage", true), ("", true), ("application/json\t, text/html", true),
            ("text/html", false), ("application/problem+json", false), ("application/jsonx", false),
            ("garbage, application/json", false), ("json", false), ("application/", false), ("*/json", false),
            ("*/json, application/json", false), ("application/json/x, application/json", false),
            ("text/html, image/png", false),
        ] as [(String?, Bool)])
    func acceptsJSONAsGeneratedCodeDoes(accept: String?, expected: Bool) {
        var fields = HTTPFields()
        fields[.accept] = accept
        #expect(EncodedStoryPageMiddleware.acceptsJSON(fields) == expected)
    }

    @Test(
        "Every page request is answered as the generated code would, catalog-written or not, with a Link to the next",
        arguments: [
            ("/v1/stories?limit=20", nil, 200), ("/v1/stories", "application/json", 200),
            ("/v1/stories?limit=3&cursor=\(StoryCatalog.cursor(for: 25, count: 30))", "*/*", 200),
            ("/v1/stories?cursor=\(StoryCatalog.cursor(for: 29, count: 30))&limit=20", nil, 200),
            ("/v1/stories?cursor=99999", nil, 200), ("/v1/stories?cursor=1", nil, 200),
            ("/v1/stories?limit=%33", nil, 200), ("/v1/stories?limit=5", "application/json;q=0.9", 200),
            ("/v1/stories?limit=5", "application/json, application/problem+json", 200),
            ("/v1/stories?limit=0", nil, 400), ("/v1/stories?limit=101", nil, 400),
            ("/v1/stories?cursor=garbage", nil, 400), ("/v1/stories?cursor=0", nil, 400),
            ("/v1/stories?cursor=012", nil, 400),
        ] as [(String, String?, Int)])
    func answersLikeGeneratedCode(uri: String, accept: String?, status: Int) async throws {
        let app = try await buildApplication(
            configuration: ServerConfiguration(port: 0, storyCount: 30, passwordHashCost: 4),
            environment: ServerEnvironment(now: { Self.newest }, makeToken: { UUID().uuidString }),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await app.test(.router) { client in
            let token = try await client.execute(
                uri: "/v1/oauth/token", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(
                    string: "grant_type=password&username=demo&password=demo-password&client_id=stories-cli"))
            let access = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: token.body)) as? [String: Any])?["access_token"]
                    as? String)
            var headers: HTTPFields = [.authorization: "Bearer \(access)"]
            headers[.accept] = accept
            let response = try await client.execute(uri: uri, method: .get, headers: headers)
            #expect(response.status.code == status)
            guard status == 200 else { return }
            let query = try #require(URLComponents(string: uri)).queryItems ?? []
            let limit = query.first { $0.name == "limit" }?.value.flatMap { Int($0) } ?? 20
            let page = try StoryCatalog(count: 30, newest: Self.newest).page(
                cursor: query.first { $0.name == "cursor" }?.value, limit: limit)
            let (contentType, generated) = try await Self.generatedBody(
                .init(items: page.stories.map(Components.Schemas.Story.init), nextCursor: page.next))
            #expect(response.headers[.contentType] == contentType)
            #expect(response.headers[.contentLength] == String(response.body.readableBytes))
            #expect(try Self.sameJSON(Data(buffer: response.body), generated))
            // The next page, in the head too (RFC 8288), with the limit asked for; none on the last page, nor for a
            // query only the generated code reads (its headers would be percent-encoded).
            let link =
                PageQuery(path: uri) == nil ? nil : page.next.map { "<?cursor=\($0)&limit=\(limit)>; rel=\"next\"" }
            #expect(response.headers[HTTPField.Name("Link")!] == link)
        }
    }

    @Test("Without a valid token the page is refused before anything is read from the catalog")
    func refusesWithoutToken() async throws {
        let app = try await buildApplication(
            configuration: ServerConfiguration(port: 8080, storyCount: 30, passwordHashCost: 4),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await app.test(.router) { client in
            // RFC 6750 §3.1: a request without authentication gets a challenge without an error code; one with a
            // token that is not valid gets invalid_token. Both name the RFC 9728 metadata (§5.1).
            let metadata = #"resource_metadata="http://127.0.0.1:8080/.well-known/oauth-protected-resource/v1""#
            let cases: [(HTTPFields, String)] = [
                ([:], "Bearer \(metadata)"), ([.authorization: "Basic ZGVtbzpkZW1v"], "Bearer \(metadata)"),
                ([.authorization: "Bearer not-a-token"], #"Bearer error="invalid_token", "# + metadata),
            ]
            for (headers, challenge) in cases {
                let response = try await client.execute(uri: "/v1/stories?limit=20", method: .get, headers: headers)
                #expect(response.status == .unauthorized)
                #expect(response.headers[values: .wwwAuthenticate].first == challenge)
            }
        }
    }
}
