import Foundation
import RFC3339
import RFC8259
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

    /// `JSONEncoder`'s escapes for quotes, backslashes and control characters (`/` left as it is, as `StoryJSON`'s
    /// encoder leaves it), then `JSONTerminalEscaping`'s `\uXXXX` for the scalars a terminal would act on.
    private static let strings = JSONStringWriter(
        escapesSlashes: false, alsoEscaping: JSONTerminalEscaping.needsEscaping)

    /// `text` as a JSON string, escaped as `strings` says.
    static func appendString(_ text: String, to json: inout [UInt8]) {
        strings.appendQuoted(text, to: &json)
    }
}
