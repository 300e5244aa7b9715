import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

@Suite("ResponseHeadObservingMiddleware", .timeLimit(.minutes(1)))
struct ResponseHeadObservingMiddlewareTests {
    static let baseURL = URL(string: "https://api.example")!

    @Test("Shows the observer of the call the response's head before the body is read")
    func showsHeadBeforeBody() async throws {
        let body = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        let middleware = ResponseHeadObservingMiddleware()
        let seen = Mutex<[HTTPResponse.Status]>([])
        let (_, responseBody) = try await ResponseHeadObservation.observing({ head in
            seen.withLock { $0.append(head.status) }
        }) {
            try await middleware.intercept(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/stories"), body: nil,
                baseURL: Self.baseURL, operationID: "listStories"
            ) { _, _, _ in
                (HTTPResponse(status: .ok), HTTPBody(body.stream, length: .unknown, iterationBehavior: .single))
            }
        }
        // The body has not had a byte yet: the head was shown without waiting for it.
        #expect(seen.withLock { $0 } == [.ok])
        body.continuation.yield(ArraySlice("{}".utf8))
        body.continuation.finish()
        #expect(try await String(collecting: #require(responseBody), upTo: 10) == "{}")
    }

    @Test("Shows nothing to calls made outside observing, nor after it")
    func observesOnlyInside() async throws {
        let middleware = ResponseHeadObservingMiddleware()
        let count = Mutex(0)
        let send = {
            _ = try await middleware.intercept(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/stories"), body: nil,
                baseURL: Self.baseURL, operationID: "listStories"
            ) { _, _, _ in (HTTPResponse(status: .ok), nil) }
        }
        try await send()
        try await ResponseHeadObservation.observing({ _ in count.withLock { $0 += 1 } }) { try await send() }
        try await send()
        #expect(count.withLock { $0 } == 1)
    }
}
