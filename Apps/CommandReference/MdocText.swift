/// Prose as mdoc text lines, for `man` pages: a backslash written `\e`, one sentence starting each line (so that mdoc
/// spaces sentences), lines of at most 80 bytes broken at spaces, and no line that mdoc would read as a macro.
///
/// Hand-written: the package mirror has no roff or mdoc library (swift-argument-parser's generate-manual keeps its
/// mdoc writer inside the tool, not as a product), and this is all the sections need.
public enum MdocText {
    /// The longest text line `lines(_:)` writes, in bytes, as `mandoc -T lint -W style` wants.
    public static let lineWidth = 80

    /// `text` with roff's escape character escaped.
    public static func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\e")
    }

    /// `text` (not yet escaped) as text lines: whitespace collapsed, a new line after every sentence, each line at
    /// most `lineWidth` bytes unless one word is longer.
    public static func lines(_ text: String) -> [String] {
        let words = escaped(text).split(whereSeparator: \.isWhitespace).map(String.init)
        var lines: [String] = []
        var line = ""
        for (index, word) in words.enumerated() {
            if line.isEmpty {
                line = word
            } else if line.utf8.count + 1 + word.utf8.count > lineWidth {
                lines.append(line)
                line = word
            } else {
                line += " " + word
            }
            if index + 1 < words.count, endsSentence(word, before: words[index + 1]) {
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map(guarded)
    }

    /// A sentence ends at a word ending in a full stop, `!` or `?` when the next begins like a sentence: with a
    /// capital, an opening parenthesis, a quotation mark, a backquote or a dash.
    static func endsSentence(_ word: String, before next: String) -> Bool {
        guard let last = word.last, ".!?".contains(last), let first = next.first else { return false }
        return ("A"..."Z").contains(first) || "(\"`-".contains(first)
    }

    /// A text line that starts with `.` or `'` is read as a macro: `\&` in front keeps it text.
    static func guarded(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}
