import StoriesDomain
import Testing

/// Reading ahead on a cursor the service tells before its page is ready (`StoryPages`, with a service that learns it
/// from the response's head).
@Suite("Reading ahead on a cursor told early", .timeLimit(.minutes(1)))
struct StoryPagesNextCursorHintTests {
    static let first = StoryPage(stories: [.fixture(id: "3")], nextCursor: StoryCursor(rawValue: "c2"))
    static let second = StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c1"))
    static let last = StoryPage(stories: [.fixture(id: "1")], nextCursor: nil)

    static func handedOut(_ pages: StoryPages) async throws -> [StoryPage] {
        var handedOut: [StoryPage] = []
        for try await page in pages { handedOut.append(page) }
        return handedOut
    }

    @Test("The next page is requested as soon as its cursor is told, before the page that names it is ready")
    func requestsOnHint() async throws {
        let service = HintingStoryService([
            "": .init(page: Self.first, hint: StoryCursor(rawValue: "c2"), holdsUntilHintRequested: true),
            "c2": .init(page: Self.second, hint: StoryCursor(rawValue: "c1"), holdsUntilHintRequested: true),
            "c1": .init(page: Self.last),
        ])
        // Without the hint, each page waits for a request made only once it is ready: this waits until the time limit.
        let pages = try await Self.handedOut(
            service.pages(startingAt: nil, pageSize: 20, maximumPages: 10, readsAhead: true))
        #expect(pages == [Self.first, Self.second, Self.last])
        #expect(await service.requests == ["", "c2", "c1"])
    }

    @Test("A told cursor the page does not name is not followed: the page's own cursor is")
    func pageCursorDecides() async throws {
        let service = HintingStoryService([
            "": .init(page: Self.first, hint: StoryCursor(rawValue: "elsewhere")),
            "elsewhere": .init(page: StoryPage(stories: [.fixture(id: "99")], nextCursor: nil)),
            "c2": .init(page: Self.last),
        ])
        let pages = try await Self.handedOut(
            service.pages(startingAt: nil, pageSize: 20, maximumPages: 10, readsAhead: true))
        #expect(pages == [Self.first, Self.last])
    }

    @Test("Without reading ahead, a told cursor is not requested before the front asks")
    func onDemandIgnoresHint() async throws {
        let service = HintingStoryService([
            "": .init(page: Self.first, hint: StoryCursor(rawValue: "c2")),
            "c2": .init(page: Self.last),
        ])
        var iterator = service.pages(startingAt: nil, pageSize: 20, maximumPages: 10).makeAsyncIterator()
        _ = try await iterator.next()
        #expect(await service.requests == [""])
    }
}
