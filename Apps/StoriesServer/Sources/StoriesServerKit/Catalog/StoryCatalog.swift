import Foundation
import OpenAPIRuntime
import RFC7636

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

/// An immutable, deterministic set of demo stories, newest first, paged by opaque cursors.
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
            // A cursor is base64url: nothing in it needs escaping in a JSON string.
            body.append(contentsOf: #","nextCursor":""#.utf8)
            body.append(contentsOf: next.utf8)
            body.append(UInt8(ascii: "\""))
        }
        body.append(UInt8(ascii: "}"))
        return body
    }

    private func pageOffsets(cursor: String?, limit: Int) throws(PageRequestError) -> (Range<Int>, next: String?) {
        guard (1...100).contains(limit) else { throw .invalidLimit }
        let start = try cursor.map(Self.offset(from:)) ?? 0
        guard start <= stories.count else { throw .invalidCursor }
        let end = min(start + limit, stories.count)
        return (start..<end, end < stories.count ? Self.cursor(for: end) : nil)
    }

    func story(id: String) -> StoredStory? {
        guard let number = Int(id), (1...stories.count).contains(number), String(number) == id else { return nil }
        return stories[stories.count - number]
    }

    /// Cursors are opaque to clients: base64url of a versioned offset.
    static func cursor(for offset: Int) -> String {
        Base64URL.encode("v1:\(offset)".utf8)
    }

    static func offset(from cursor: String) throws(PageRequestError) -> Int {
        guard cursor.count <= 64, let bytes = Base64URL.decode(cursor),
            let text = String(validating: bytes, as: UTF8.self),
            text.hasPrefix("v1:"), let offset = Int(text.dropFirst(3)), offset > 0
        else { throw .invalidCursor }
        return offset
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
