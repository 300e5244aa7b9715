import Foundation
import Testing

@testable import StoriesServerKit

@Suite("StoryCatalog")
struct StoryCatalogTests {
    static let newest = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("The same count and start time give the same stories")
    func isDeterministic() throws {
        let first = try StoryCatalog(count: 30, newest: Self.newest).page(cursor: nil, limit: 30).stories
        let second = try StoryCatalog(count: 30, newest: Self.newest).page(cursor: nil, limit: 30).stories
        #expect(first.map(\.title) == second.map(\.title))
        #expect(first.map(\.id) == (1...30).reversed().map(String.init))
    }

    @Test("Following cursors visits 100,000 stories exactly once, newest first")
    func pagesThroughLargeCatalog() throws {
        let catalog = StoryCatalog(count: 100_000, newest: Self.newest)
        var cursor: String?
        var seen = 0
        var previous = Date.distantFuture
        repeat {
            let page = try catalog.page(cursor: cursor, limit: 100)
            for story in page.stories {
                #expect(story.createdAt <= previous)
                previous = story.createdAt
            }
            seen += page.stories.count
            cursor = page.next
        } while cursor != nil
        #expect(seen == 100_000)
    }

    @Test(
        "Refuses limits outside 1...100 and cursors that are not a story id as the contract writes it",
        arguments: [
            (nil, 0, PageRequestError.invalidLimit), (nil, 101, .invalidLimit), ("garbage!", 10, .invalidCursor),
            ("0", 10, .invalidCursor), ("007", 10, .invalidCursor), ("-1", 10, .invalidCursor),
            ("1234567890123456", 10, .invalidCursor), ("", 10, .invalidCursor), ("djE6MjA", 10, .invalidCursor),
        ] as [(String?, Int, PageRequestError)])
    func refusesBadRequests(cursor: String?, limit: Int, expected: PageRequestError) {
        #expect(throws: expected) {
            try StoryCatalog(count: 50, newest: Self.newest).page(cursor: cursor, limit: limit)
        }
    }

    @Test(
        "A cursor is the id of the last story of the page before: the page holds the stories older than it",
        arguments: [
            ("50", [49, 48, 47]), ("2", [1]), ("1", []), ("51", [50, 49, 48]), ("999999999999999", [50, 49, 48]),
        ])
    func keysetCursor(cursor: String, ids: [Int]) throws {
        let page = try StoryCatalog(count: 50, newest: Self.newest).page(cursor: cursor, limit: 3)
        #expect(page.stories.map(\.id) == ids.map(String.init))
        #expect(page.next == ids.last.flatMap { $0 > 1 ? String($0) : nil })
    }

    @Test(
        "Finds a story by id and nothing for ids it does not have",
        arguments: [
            (50, "1", true), (50, "50", true), (50, "51", false), (50, "0", false), (50, "01", false),
            (50, "x", false), (0, "1", false), (0, "0", false), (1_000_000, "1000000", true),
            (1_000_000, "1", true),
        ])
    func findsByID(count: Int, id: String, found: Bool) {
        let story = StoryCatalog(count: count, newest: Self.newest).story(id: id)
        #expect((story != nil) == found)
        #expect(story.map(\.id) == (found ? id : nil))
    }

    @Test(
        "A story found by id is the one its page holds",
        arguments: [(50, 1), (50, 50), (1_000_000, 1), (1_000_000, 999_999), (1_000_000, 1_000_000)])
    func storyByIDMatchesPage(count: Int, number: Int) throws {
        let catalog = StoryCatalog(count: count, newest: Self.newest)
        let page = try catalog.page(cursor: String(number + 1), limit: 1).stories
        let story = try #require(catalog.story(id: String(number)))
        #expect(page.map(\.id) == [story.id])
        #expect(page.map(\.title) == [story.title])
        #expect(page.map(\.url) == [story.url])
        #expect(page.map(\.createdAt) == [story.createdAt])
    }

    @Test("About one story in ten is an ask story without a link")
    func hasAskStories() throws {
        let stories = try StoryCatalog(count: 100, newest: Self.newest).page(cursor: nil, limit: 100).stories
        let asks = stories.filter { $0.url == nil }
        #expect(!asks.isEmpty)
        #expect(asks.allSatisfy { $0.title.hasPrefix("Ask Stories") })
    }
}
