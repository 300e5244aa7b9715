import Foundation
import StoriesDomain
import StoriesPresentation

/// `list --json`: one JSON document written incrementally: `{"stories": [...], "nextCursor": ..., "skipped": [...]}`,
/// stories first so that each one can be written as soon as its page arrives. The document is closed even when a
/// page fails, with `nextCursor` pointing at that page, so a script can keep what arrived and resume from there.
struct JSONStoryListWriter: StoryListWriting {
    private let output: any OutputWriting
    private var storiesWritten = 0

    init(output: any OutputWriting) {
        self.output = output
    }

    mutating func write(stories: [Story], rows: [StoryRow]) throws {
        guard !stories.isEmpty else { return }
        // One encoder call for the page: `[`, the stories at two spaces, `]`. Kept without the brackets and
        // indented by two more, they are the stories at four, the layout of `{"stories": [...]}`.
        let array = try StoryJSON.encode(stories.map(StoryJSON.StoryObject.init))
        let items = Substring(array.utf8.dropFirst().dropLast(2))  // without "[" and "]\n"
        var text = storiesWritten == 0 ? "{\n  \"stories\" : [\n" : ",\n"
        text += Self.indented(items, by: "  ")
        storiesWritten += stories.count
        try output.write(text)
    }

    mutating func finish(resumeCursor: StoryCursor?, skipped: [SkippedStory]) throws {
        var text = storiesWritten == 0 ? "{\n  \"stories\" : [\n\n  ],\n" : "\n  ],\n"
        let cursor = try resumeCursor.map { try StoryJSON.encode($0.rawValue) } ?? "null"
        text += "  \"nextCursor\" : \(cursor.trimmingSuffixNewline()),\n"
        let skippedItems = skipped.map { ["id": $0.id, "reason": $0.reason] }
        text +=
            "  \"skipped\" : \(Self.indented(Substring(try StoryJSON.encode(skippedItems)), by: "  ").dropFirst(2))\n}\n"
        try output.write(text)
    }

    /// Indents every line of an encoded value but empty ones, without the newlines around it. Works on bytes: a
    /// newline byte in encoded JSON is always between tokens (one inside a string is written `\n`).
    private static func indented(_ json: Substring, by indent: String = "    ") -> String {
        let newline = UInt8(ascii: "\n")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.utf8.count + json.utf8.count / 4)
        var atLineStart = true
        for byte in json.utf8 {
            if byte == newline {
                if !bytes.isEmpty { bytes.append(newline) }
                atLineStart = true
                continue
            }
            if atLineStart { bytes.append(contentsOf: indent.utf8) }
            atLineStart = false
            bytes.append(byte)
        }
        while bytes.last == newline { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func trimmingSuffixNewline() -> String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
