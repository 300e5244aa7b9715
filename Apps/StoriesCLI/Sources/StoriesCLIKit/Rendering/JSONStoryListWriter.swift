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
        // The stories at four spaces, their members at six: the layout of `{"stories": [...]}` pretty-printed.
        var json: [UInt8] = []
        json.reserveCapacity(stories.count * 320)
        json.append(contentsOf: (storiesWritten == 0 ? "{\n  \"stories\" : [\n" : ",\n").utf8)
        for (index, story) in stories.enumerated() {
            if index > 0 { json.append(contentsOf: ",\n".utf8) }
            StoryJSONObjectWriter.append(story, indent: 4, to: &json)
        }
        storiesWritten += stories.count
        try output.write(String(decoding: json, as: UTF8.self))
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
