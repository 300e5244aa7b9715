import Foundation
import OpenAPIRuntime

/// A demo story, as the catalog makes it (`DemoStoryFactory`).
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
/// The same count and start time always give the same stories, so demos and tests are reproducible. No story is
/// stored: each is computed from its position when asked for (`DemoStoryDraws`), so a catalog of 1,000,000 stories
/// costs no more memory or start-up time than one of 10.
struct StoryCatalog: Sendable {
    /// Stories per page when a request names no `limit` (the spec's default).
    static let defaultPageSize = 20

    /// What the catalog is made of, behind one reference: the catalog is copied with every handler and middleware
    /// that holds it, once per request.
    private final class Parts: Sendable {
        let count: Int
        let newest: Date
        let factory = DemoStoryFactory()
        /// Writes pages for `encodedPage(cursor:limit:)`; `nil` for a configuration it does not write.
        let encoder: StoryPageEncoder?
        /// The pages `encoder` wrote last: at most 64 of at most 100 stories, under 2 MB.
        let pages = StoryPageCache(capacity: 64)

        init(count: Int, newest: Date, configuration: Configuration) {
            self.count = count
            self.newest = newest
            encoder = StoryPageEncoder(factory: factory, configuration: configuration)
        }
    }

    private let parts: Parts

    /// - Parameter configuration: how the server encodes responses; `encodedPage(cursor:limit:)` writes stories
    ///   exactly so.
    init(count: Int, newest: Date, configuration: Configuration = .stories) {
        parts = Parts(count: count, newest: newest, configuration: configuration)
    }

    var count: Int { parts.count }

    /// The stories after `cursor` (`nil`: from the newest), and the cursor of the page after that.
    func page(cursor: String?, limit: Int) throws(PageRequestError) -> (stories: [StoredStory], next: String?) {
        let (offsets, next) = try pageOffsets(cursor: cursor, limit: limit)
        return (offsets.map { parts.factory.story(at: $0, count: count, newest: parts.newest) }, next)
    }

    /// The same page as `page(cursor:limit:)`, as the JSON body of a `StoryPage`; `nil` if the configuration is one
    /// the catalog does not write or a date could not be encoded (then the caller encodes the page itself).
    func encodedPage(cursor: String?, limit: Int) throws(PageRequestError) -> [UInt8]? {
        guard let encoder = parts.encoder else { return nil }
        let (offsets, next) = try pageOffsets(cursor: cursor, limit: limit)
        return parts.pages.page(of: offsets) {
            encoder.page(positions: offsets, count: count, newest: parts.newest, next: next)
        }
    }

    /// The cursor of the page after the one `page(cursor:limit:)` gives, without building that page: for the
    /// response's `Link` header.
    func nextCursor(after cursor: String?, limit: Int) throws(PageRequestError) -> String? {
        try pageOffsets(cursor: cursor, limit: limit).next
    }

    private func pageOffsets(cursor: String?, limit: Int) throws(PageRequestError) -> (Range<Int>, next: String?) {
        guard (1...100).contains(limit) else { throw .invalidLimit }
        var start = 0
        if let cursor { start = offset(after: try Self.storyID(in: cursor)) }
        let end = min(start + limit, count)
        return (start..<end, end < count ? self.cursor(for: end) : nil)
    }

    /// Where the stories older than the story numbered `id` start: story `n` is at offset `count − n`, so the next
    /// older one is at `count − id + 1`. An id above every story's starts at the newest; one at or below the oldest
    /// gives an empty page.
    private func offset(after id: Int) -> Int {
        min(max(count - id + 1, 0), count)
    }

    func story(id: String) -> StoredStory? {
        guard let number = Int(id), number >= 1, number <= count, String(number) == id else { return nil }
        return parts.factory.story(at: count - number, count: count, newest: parts.newest)
    }

    /// The cursor of the page that starts at `offset` (after the first): the id of the story just before it, the last
    /// of the page before. Keyset paging, as the contract states it: any id the pattern allows is a valid cursor,
    /// and a story added at the top never shifts the pages that follow.
    static func cursor(for offset: Int, count: Int) -> String {
        String(count - offset + 1)
    }

    /// The cursor of the page that starts at `offset` in this catalog.
    func cursor(for offset: Int) -> String {
        Self.cursor(for: offset, count: count)
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
