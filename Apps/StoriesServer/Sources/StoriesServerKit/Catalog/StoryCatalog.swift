import Foundation
import OpenAPIRuntime

/// A demo story, as the server stores it.
struct StoredStory: Sendable {
    var id: String
    var title: String
    var url: String?
    var author: String
    var score: Int
    var commentCount: Int
    var createdAt: Date
}

/// Why a page request was refused.
enum PageRequestError: Error, Equatable {
    case invalidLimit
    case invalidCursor
}

/// An immutable, deterministic set of demo stories, newest first, paged by keyset cursors (the id of the last story
/// of the previous page).
///
/// The same count and start time always give the same stories, so demos and tests are reproducible.
struct StoryCatalog: Sendable {
    /// Stories per page when a request names no `limit` (the spec's default).
    static let defaultPageSize = 20

    private let stories: [StoredStory]
    /// The same stories as JSON for `encodedPage(cursor:limit:)`; `nil` if they could not be encoded.
    private let encoded: EncodedStories?

    /// - Parameter configuration: how the server encodes responses; `encodedPage(cursor:limit:)` writes stories
    ///   exactly so.
    init(count: Int, newest: Date, configuration: Configuration = .stories) {
        var generator = SplitMix64(seed: 0x5709_1E5)
        stories = (0..<count).map { index in
            DemoStoryFactory.story(
                number: count - index, age: TimeInterval(index * 600), newest: newest, using: &generator)
        }
        encoded = EncodedStories(stories, configuration: configuration)
    }

    var count: Int { stories.count }

    /// The stories after `cursor` (`nil`: from the newest), and the cursor of the page after that.
    func page(cursor: String?, limit: Int) throws(PageRequestError) -> (stories: ArraySlice<StoredStory>, next: String?)
    {
        let (offsets, next) = try pageOffsets(cursor: cursor, limit: limit)
        return (stories[offsets], next)
    }

    /// The same page as `page(cursor:limit:)`, as the JSON body of a `StoryPage`; `nil` if the stories could not be
    /// encoded at start-up (then the caller encodes the page itself).
    func encodedPage(cursor: String?, limit: Int) throws(PageRequestError) -> [UInt8]? {
        guard let encoded else { return nil }
        let (offsets, next) = try pageOffsets(cursor: cursor, limit: limit)
        let items = encoded.items(offsets)
        var body: [UInt8] = []
        body.reserveCapacity(items.count + 64)
        body.append(contentsOf: #"{"items":["#.utf8)
        body.append(contentsOf: items)
        body.append(UInt8(ascii: "]"))
        if let next {
            // A cursor is decimal digits: nothing in it needs escaping in a JSON string.
            body.append(contentsOf: #","nextCursor":""#.utf8)
            body.append(contentsOf: next.utf8)
            body.append(UInt8(ascii: "\""))
        }
        body.append(UInt8(ascii: "}"))
        return body
    }

    private func pageOffsets(cursor: String?, limit: Int) throws(PageRequestError) -> (Range<Int>, next: String?) {
        guard (1...100).contains(limit) else { throw .invalidLimit }
        var start = 0
        if let cursor { start = offset(after: try Self.storyID(in: cursor)) }
        let end = min(start + limit, stories.count)
        return (start..<end, end < stories.count ? self.cursor(for: end) : nil)
    }

    /// Where the stories older than the story numbered `id` start: story `n` is at offset `count − n`, so the next
    /// older one is at `count − id + 1`. An id above every story's starts at the newest; one at or below the oldest
    /// gives an empty page.
    private func offset(after id: Int) -> Int {
        min(max(stories.count - id + 1, 0), stories.count)
    }

    func story(id: String) -> StoredStory? {
        guard let number = Int(id), (1...stories.count).contains(number), String(number) == id else { return nil }
        return stories[stories.count - number]
    }

    /// The cursor of the page that starts at `offset` (after the first): the id of the story just before it, the last
    /// of the page before. Keyset paging, as the contract states it: any id the pattern allows is a valid cursor,
    /// and a story added at the top never shifts the pages that follow.
    static func cursor(for offset: Int, count: Int) -> String {
        String(count - offset + 1)
    }

    /// The cursor of the page that starts at `offset` in this catalog.
    func cursor(for offset: Int) -> String {
        Self.cursor(for: offset, count: stories.count)
    }

    /// The story id a cursor names: decimal digits without a leading zero, at most 15 (`openapi/openapi.yaml`'s
    /// pattern for `cursor`).
    static func storyID(in cursor: String) throws(PageRequestError) -> Int {
        guard (1...15).contains(cursor.utf8.count), cursor.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            cursor.utf8.first != 0x30, let id = Int(cursor)
        else { throw .invalidCursor }
        return id
    }
}

/// A small, fast, seedable generator (SplitMix64) so the demo data is the same on every machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
