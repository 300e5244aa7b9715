import Foundation
import StoriesDomain

/// `list --json`: one JSON document written incrementally: `{"stories": [...], "nextCursor": ..., "skipped": [...]}`,
/// stories first so that each one can be written as soon as its page arrives. The document is closed even when a
/// page fails, with `nextCursor` pointing at that page, so a script can keep what arrived and resume from there.
struct JSONStoryListWriter: StoryListWriting {
    private let output: any OutputWriting
    private var storiesWritten = 0
    private var skipped: [SkippedStory] = []

    init(output: any OutputWriting) {
        self.output = output
    }

    mutating func write(_ page: StoryPage) throws {
        skipped += page.skipped
        guard !page.stories.isEmpty else { return }
        var text = storiesWritten == 0 ? "{\n  \"stories\" : [\n" : ""
        for story in page.stories {
            if storiesWritten > 0 { text += ",\n" }
            text += Self.indented(try StoryJSON.encode(StoryJSON.StoryObject(story: story)))
            storiesWritten += 1
        }
        try output.write(text)
    }

    mutating func finish(resumeCursor: StoryCursor?) throws {
        var text = storiesWritten == 0 ? "{\n  \"stories\" : [\n\n  ],\n" : "\n  ],\n"
        let cursor = try resumeCursor.map { try StoryJSON.encode($0.rawValue) } ?? "null"
        text += "  \"nextCursor\" : \(cursor.trimmingSuffixNewline()),\n"
        let skippedItems = skipped.map { ["id": $0.id, "reason": $0.reason] }
        text += "  \"skipped\" : \(Self.indented(try StoryJSON.encode(skippedItems), by: "  ").dropFirst(2))\n}\n"
        try output.write(text)
    }

    /// Indents every line of an encoded value, without its final newline.
    private static func indented(_ json: String, by indent: String = "    ") -> String {
        indent + json.trimmingSuffixNewline().replacingOccurrences(of: "\n", with: "\n" + indent)
    }
}

extension String {
    fileprivate func trimmingSuffixNewline() -> String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
