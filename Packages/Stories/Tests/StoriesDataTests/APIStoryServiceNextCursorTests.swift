import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import StoriesDomain
import Synchronization
import Testing

@testable import StoriesData

/// The next page's cursor from the head of a page's response, through the generated client and its middleware.
@Suite("APIStoryService telling the next cursor early", .timeLimit(.minutes(1)))
struct APIStoryServiceNextCursorTests {
    static let page = #"{"items":[],"nextCursor":"41"}"#

    @Test("Tells the cursor of the Link header before the page's body has arrived")
    func tellsLinkCursorBeforeBody() async throws {
        let transport = HeldBodyTransport(link: #"<?cursor=41&limit=20>; rel="next""#)
        let told = Mutex<[StoryCursor]>([])
        let service = APIStoryService(api: transport.client())
        let page = try await service.stories(startingAt: nil, limit: 20) { cursor in
            told.withLock { $0.append(cursor) }
            // The body is sent only now: had the cursor waited for it, this call would wait until the time limit.
            transport.sendBody(Self.page)
        }
        #expect(told.withLock { $0 } == [StoryCursor(rawValue: "41")])
        #expect(page.nextCursor == StoryCursor(rawValue: "41"))
    }

    @Test(
        "Tells nothing early without a next link, or when nobody asks for it",
        arguments: [nil, #"<?cursor=41>; rel="prev""#])
    func tellsNothingWithoutLink(link: String?) async throws {
        let transport = HeldBodyTransport(link: link)
        transport.sendBody(Self.page)
        let told = Mutex(0)
        let service = APIStoryService(api: transport.client())
        let page = try await service.stories(startingAt: nil, limit: 20) { _ in told.withLock { $0 += 1 } }
        #expect(told.withLock { $0 } == 0)
        #expect(page.nextCursor == StoryCursor(rawValue: "41"))
        transport.sendBody(Self.page)
        _ = try await service.stories(startingAt: nil, limit: 20)
    }
}

/// Answers every request with a head at once and a body that follows when the test sends it.
private final class HeldBodyTransport: ClientTransport, Sendable {
    private let link: String?
    private let bodies = Mutex<[AsyncStream<ArraySlice<UInt8>>.Continuation]>([])
    private let pending = Mutex<[String]>([])

    init(link: String?) {
        self.link = link
    }

    func client() -> Client {
        Client(
            serverURL: URL(string: "https://api.example")!, transport: self,
            middlewares: [ResponseHeadObservingMiddleware()])
    }

    /// Sends `text` as the body of the response in flight, or of the next one.
    func sendBody(_ text: String) {
        let continuation = bodies.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        guard let continuation else { return pending.withLock { $0.append(text) } }
        continuation.yield(ArraySlice(text.utf8))
        continuation.finish()
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var response = HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"])
        if let link { response.headerFields[HTTPField.Name("Link")!] = link }
        let stream = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        if let text = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            stream.continuation.yield(ArraySlice(text.utf8))
            stream.continuation.finish()
        } else {
            bodies.withLock { $0.append(stream.continuation) }
        }
        return (response, HTTPBody(stream.stream, length: .unknown, iterationBehavior: .single))
    }
}
