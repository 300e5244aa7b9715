import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import StoriesData
import StoriesDomain
import Synchronization
import Testing

@testable import StoriesServerKit

/// The page requests stories-cli's story service sends, against what stories-server answers from its catalog: a
/// request the catalog does not take is answered through the generated serializer, correctly but at several times
/// the server's processor time, which is what `list --all` paid while the two disagreed on the `Accept` header.
@Suite("stories-cli's page requests and the server's catalog")
struct CatalogPageRequestTests {
    @Test(
        "Every page request the story service sends is one stories-server writes from its catalog",
        arguments: [(nil, 100), ("c2", 20), ("AbC-_9", 1)] as [(String?, Int)])
    func pageRequestsTakeTheCatalogPath(cursor: String?, limit: Int) async throws {
        let transport = RecordingTransport()
        let client = Client(serverURL: try #require(URL(string: "http://127.0.0.1:8080/v1")), transport: transport)
        let service = APIStoryService(api: client)
        _ = try await service.stories(startingAt: cursor.map { StoryCursor(rawValue: $0) }, limit: limit)
        let request = try #require(transport.requests.first)
        #expect(EncodedStoryPageMiddleware.acceptsJSON(request.headerFields), "\(request.headerFields)")
        let query = try #require(request.path.flatMap(PageQuery.init(path:)), "\(request.path ?? "")")
        #expect(query == PageQuery(limit: limit, cursor: cursor))
    }
}

/// Records each request and answers it with an empty last page.
private final class RecordingTransport: ClientTransport, Sendable {
    private let recorded = Mutex<[HTTPRequest]>([])

    var requests: [HTTPRequest] { recorded.withLock { $0 } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        recorded.withLock { $0.append(request) }
        return (
            HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]),
            HTTPBody(#"{"items":[],"nextCursor":null}"#)
        )
    }
}
