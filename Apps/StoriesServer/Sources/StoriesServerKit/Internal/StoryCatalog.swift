import Foundation

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
    private let stories: [StoredStory]

    init(count: Int, newest: Date) {
        var generator = SplitMix64(seed: 0x5709_1E5)
        stories = (0..<count).map { index in
            DemoStoryFactory.story(
                number: count - index, age: TimeInterval(index * 600), newest: newest, using: &generator)
        }
    }

    var count: Int { stories.count }

    /// The stories after `cursor` (`nil`: from the newest), and the cursor of the page after that.
    func page(cursor: String?, limit: Int) throws(PageRequestError) -> (stories: ArraySlice<StoredStory>, next: String?)
    {
        guard (1...100).contains(limit) else { throw .invalidLimit }
        let start = try cursor.map(Self.offset(from:)) ?? 0
        guard start <= stories.count else { throw .invalidCursor }
        let end = min(start + limit, stories.count)
        return (stories[start..<end], end < stories.count ? Self.cursor(for: end) : nil)
    }

    func story(id: String) -> StoredStory? {
        guard let number = Int(id), (1...stories.count).contains(number), String(number) == id else { return nil }
        return stories[stories.count - number]
    }

    /// Cursors are opaque to clients: base64url of a versioned offset.
    static func cursor(for offset: Int) -> String {
        Data("v1:\(offset)".utf8).base64URLEncodedString()
    }

    static func offset(from cursor: String) throws(PageRequestError) -> Int {
        guard cursor.count <= 64, let data = Data(base64URLEncoded: cursor),
            let text = String(data: data, encoding: .utf8),
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
