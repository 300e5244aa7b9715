import Foundation
import RFC3339
import StoriesDomain

/// Writes a story as the object `StoryJSON.StoryObject` encodes, pretty-printed at a given depth, straight into bytes:
/// the same keys in the same order, the same escapes (`JSONEncoder`'s, then `JSONTerminalEscaping`'s), the same layout.
///
/// `list --all --json` writes every story it lists. Through `JSONEncoder` (a tree of values, sorted keys, then an
/// indenting and an escaping pass over the text) that was a third of the command's processor time; seven known
/// members need none of it. `JSONStoryListWriterTests` holds the two to the same bytes.
struct StoryJSONObjectWriter {
    /// Appends `story` to `json` as an object whose braces are indented by `indent` spaces and members by two more.
    static func append(_ story: Story, indent: Int, to json: inout [UInt8]) {
        let memberIndent = indent + 2
        appendSpaces(indent, to: &json)
        json.append(UInt8(ascii: "{"))
        // Sorted by name, as `.sortedKeys` orders them.
        appendMember("author", at: memberIndent, to: &json) { appendString(story.author, to: &$0) }
        appendMember("commentCount", at: memberIndent, to: &json) {
            $0.append(contentsOf: String(story.commentCount).utf8)
        }
        appendMember("createdAt", at: memberIndent, to: &json) {
            appendString(RFC3339UTCFormatter.string(from: story.createdAt), to: &$0)
        }
        appendMember("id", at: memberIndent, to: &json) { appendString(story.id, to: &$0) }
        appendMember("score", at: memberIndent, to: &json) { $0.append(contentsOf: String(story.score).utf8) }
        appendMember("title", at: memberIndent, to: &json) { appendString(story.title, to: &$0) }
        appendMember("url", at: memberIndent, to: &json) { json in
            if let url = story.url {
                appendString(url.absoluteString, to: &json)
            } else {
                json.append(contentsOf: "null".utf8)
            }
        }
        json.append(UInt8(ascii: "\n"))
        appendSpaces(indent, to: &json)
        json.append(UInt8(ascii: "}"))
    }

    private static func appendMember(
        _ name: StaticString, at indent: Int, to json: inout [UInt8], value: (inout [UInt8]) -> Void
    ) {
        // Every member but the first follows a comma; the first follows the opening brace.
        if json.last != UInt8(ascii: "{") { json.append(UInt8(ascii: ",")) }
        json.append(UInt8(ascii: "\n"))
        appendSpaces(indent, to: &json)
        json.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { json.append(contentsOf: $0) }
        json.append(contentsOf: "\" : ".utf8)
        value(&json)
    }

    private static func appendSpaces(_ count: Int, to json: inout [UInt8]) {
        json.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// `text` as a JSON string: `JSONEncoder`'s escapes for quotes, backslashes and control characters (`/` left as
    /// it is), then `JSONTerminalEscaping`'s `\uXXXX` for the scalars a terminal would act on.
    static func appendString(_ text: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 >= 0x7F }) {
            json.append(contentsOf: utf8)
        } else {
            for scalar in text.unicodeScalars { appendEscaped(scalar, to: &json) }
        }
        json.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to json: inout [UInt8]) {
        switch scalar {
        case "\"": json.append(contentsOf: #"\""#.utf8)
        case "\\": json.append(contentsOf: #"\\"#.utf8)
        case "\n": json.append(contentsOf: #"\n"#.utf8)
        case "\r": json.append(contentsOf: #"\r"#.utf8)
        case "\t": json.append(contentsOf: #"\t"#.utf8)
        case "\u{08}": json.append(contentsOf: #"\b"#.utf8)
        case "\u{0C}": json.append(contentsOf: #"\f"#.utf8)
        case _ where scalar.value < 0x20:
            appendUnicodeEscape(scalar.value, uppercase: false, to: &json)
        case _ where JSONTerminalEscaping.needsEscaping(scalar):
            appendUnicodeEscape(scalar.value, uppercase: true, to: &json)
        default:
            json.append(contentsOf: String(scalar).utf8)
        }
    }

    private static func appendUnicodeEscape(_ value: UInt32, uppercase: Bool, to json: inout [UInt8]) {
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        json.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) { json.append(digits[Int((value >> UInt32(shift)) & 0xF)]) }
    }
}
