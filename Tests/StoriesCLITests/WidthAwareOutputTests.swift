import StoriesPresentation
import Testing

@testable import StoriesCLIKit

@Suite("Lines fitted to the terminal")
struct WidthAwareOutputTests {
    static func row(title: String, domain: String? = "example.com", id: String = "42") -> StoryRow {
        StoryRow(
            id: id, title: title, domain: domain, points: "10 points", author: "alice", age: "2 hours ago",
            comments: "3 comments")
    }

    static let titles = [
        "A short title",
        "What I learned maintaining Swift concurrency for five years, and what I would do differently next time",
        "東京の天気はどうですか東京の天気はどうですか東京の天気はどうですか東京の天気はどうですか",
        "Families 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦 and flags 🇫🇷🇯🇵🇧🇷 in a long title that goes on and on",
        "Crème brûlée à la française, déjà vu, naïve façade, über coöperation — and on and on and on",
    ]

    @Test("At 60, 120 and 200 columns no line is wider than the terminal", arguments: [60, 120, 200])
    func fits(width: Int) {
        let text = StoryListRenderer.render(Self.titles.map { Self.row(title: $0) }, color: false, width: width)
        for line in text.split(separator: "\n") {
            #expect(TerminalColumns.width(of: line) <= width, "\(line)")
        }
    }

    @Test("A cut ends in … and keeps whole characters: no half family, no half flag, no lone accent")
    func cutsWholeCharacters() {
        for title in Self.titles {
            let cut = TerminalColumns.truncate(title, toFit: 30)
            #expect(TerminalColumns.width(of: cut) <= 30)
            guard cut != title else { continue }
            #expect(cut.hasSuffix("…"))
            #expect(title.hasPrefix(String(cut.dropLast())))
        }
    }

    @Test("Colour codes wrap the fitted text and are never cut")
    func colourAfterFitting() {
        let text = StoryListRenderer.render([Self.row(title: Self.titles[1])], color: true, width: 60)
        #expect(text.contains("\u{1B}[1m"))
        #expect(
            text.components(separatedBy: "\u{1B}[").count == text.components(separatedBy: "\u{1B}[0m").count * 2 - 1)
    }

    @Test("A narrow terminal cuts the title and details, never the id that show needs", arguments: [40, 32, 24])
    func keepsID(width: Int) {
        let text = StoryListRenderer.render(
            [Self.row(title: Self.titles[1], id: "123456")], color: false, width: width)
        let lines = text.split(separator: "\n")
        #expect(lines[0].hasPrefix("123456  "), "\(lines[0])")
        for line in lines { #expect(TerminalColumns.width(of: line) <= width, "\(line)") }
    }

    @Test("In a pipe lines are written in full")
    func fullLinesInPipes() {
        let text = StoryListRenderer.render([Self.row(title: Self.titles[1])], color: false, width: nil)
        #expect(text.contains(Self.titles[1] + " (example.com)"))
    }

    @Test(
        "Wide characters count two columns, combining marks none",
        arguments: [("abc", 3), ("東京", 4), ("e\u{301}", 1), ("👍", 2)])
    func columns(text: String, expected: Int) {
        #expect(TerminalColumns.width(of: text) == expected)
    }
}
