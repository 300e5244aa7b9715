import Foundation
import StoriesCLITestSupport
import StoriesDomain
import Testing

@testable import StoriesCLIKit

/// `list --json` writes its stories without `JSONEncoder`; what it writes must stay, byte for byte, what the encoder
/// made of them (`StoryJSON.encode`, which `show --json` still uses), indented as members of `{"stories": [...]}`.
@Suite("list --json, written by hand")
struct JSONStoryListWriterTests {
    static let hostileTexts = [
        "", "plain", "quote \" backslash \\ slash /", "tab\tnewline\nreturn\rbackspace\u{08}form feed\u{0C}",
        "nul \u{00} escape \u{1B}[2J bell \u{07} unit separator \u{1F}", "delete \u{7F} C1 \u{9B}31m \u{85}",
        "bidi \u{202E}evil\u{202C} isolate \u{2066}x\u{2069} marks \u{200E}\u{200F} arabic mark \u{061C}",
        "line separator \u{2028} paragraph \u{2029}", "accents é ü, 日本語, emoji 🙂, combining e\u{0301}",
    ]

    static func story(_ text: String, url: URL?, score: Int = 1, createdAt: TimeInterval = 1_800_000_000) -> Story {
        Story(
            id: "id-" + text, title: text, url: url, author: text, score: score, commentCount: score / 2,
            createdAt: Date(timeIntervalSince1970: createdAt))
    }

    static let stories: [Story] =
        hostileTexts.map { story($0, url: nil) } + [
            story("with a link", url: URL(string: "https://example.com/a/b?c=d&e=%20f#g")),
            story("ipv6 and port", url: URL(string: "http://[::1]:8080/x")),
            story("negative", url: nil, score: -7),
            story("largest", url: nil, score: .max),
            story("smallest", url: nil, score: .min),
            story("year 1", url: nil, createdAt: -62_135_596_800),
            story("a fraction", url: nil, createdAt: 1_800_000_000.999),
            story("past year 9999", url: nil, createdAt: 253_402_300_800),
        ]

    @Test(
        "Each story is written as JSONEncoder and the terminal escaping wrote it",
        arguments: stories.indices)
    func oneStory(index: Int) throws {
        let pages = [[Self.stories[index]]]
        #expect(try Self.listing(pages: pages) == (try Self.encoderListing(pages: pages)))
    }

    @Test(
        "Pages of several stories, empty pages among them, make the same document",
        arguments: [[stories.count], [3, 0, stories.count - 3], [0, 0], [1, stories.count - 1], [2, 2, 2]])
    func pages(sizes: [Int]) throws {
        var remaining = Self.stories[...]
        let pages = sizes.map { size in
            defer { remaining = remaining.dropFirst(size) }
            return Array(remaining.prefix(size))
        }
        #expect(try Self.listing(pages: pages) == (try Self.encoderListing(pages: pages)))
    }

    @Test("What the writer prints parses as JSON and gives back every text")
    func parses() throws {
        let document = try JSONSerialization.jsonObject(with: Data(try Self.listing(pages: [Self.stories]).utf8))
        let stories = try #require((document as? [String: Any])?["stories"] as? [[String: Any]])
        #expect(stories.compactMap { $0["title"] as? String } == Self.stories.map(\.title))
    }

    static func listing(pages: [[Story]]) throws -> String {
        let output = CapturedOutput()
        var writer = JSONStoryListWriter(output: output)
        for page in pages { try writer.write(stories: page, rows: []) }
        try writer.finish(resumeCursor: StoryCursor(rawValue: "next"), skipped: [])
        return output.standard
    }

    /// The document as the writer made it with `JSONEncoder`: each page encoded as an array, its brackets dropped and
    /// its lines indented by two more spaces.
    static func encoderListing(pages: [[Story]]) throws -> String {
        var text = ""
        var written = 0
        for page in pages where !page.isEmpty {
            let array = try StoryJSON.encode(page.map(StoryJSON.StoryObject.init))
            let items = array.dropFirst(2).dropLast(3)  // "[\n" and "\n]\n"
            text += written == 0 ? "{\n  \"stories\" : [\n" : ",\n"
            text += items.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
                separator: "\n")
            written += page.count
        }
        text += written == 0 ? "{\n  \"stories\" : [\n\n  ],\n" : "\n  ],\n"
        return text + "  \"nextCursor\" : \"next\",\n  \"skipped\" : [\n\n  ]\n}\n"
    }
}
