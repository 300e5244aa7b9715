import Foundation
import RFC8259
import Testing

@Suite("JSON strings written as JSONEncoder writes them")
struct JSONStringWriterTests {
    /// Text a server or a person can send: every escape `JSONEncoder` makes, runs that need none between them, UTF-8
    /// of every length, and the scalars a terminal would act on.
    static let texts: [String] = [
        "", "plain ASCII words", "\"quoted\"", #"back\slash"#, "a/b//c", "http://example.com/a?b=c&d",
        "line\nfeed", "carriage\rreturn", "tab\there", "\u{08}\u{0C}", "\u{00}\u{01}\u{1B}[31m\u{1F}",
        "DEL\u{7F}", "é, ß and Ünïcödé", "日本語のタイトル", "emoji 🎉👩‍💻", "C1 \u{85}\u{9B}31m\u{9D}", "bidi \u{202E}txt\u{2066}",
        "line\u{2028}separator\u{2029}", "arabic mark \u{061C} and \u{200E}\u{200F}", "\"/\\\n/\u{1}é🎉\u{202E}",
        String(repeating: "long plain run ", count: 200) + "\u{0}",
        // The reference server's: its titles, links, cursors and dates.
        "Quote \" backslash \\ tab \t newline \n", "https://x.example/a/b?c=\"d\"", "émile 🦊",
        "\u{0}\u{1F}\u{7F}\u{2028}</script>", "\u{8}\u{C}\r", "2026-11-21T10:00:00.125Z",
    ]

    @Test(
        "A string is the bytes JSONEncoder writes for it, with and without escaped slashes, and reads back the same",
        arguments: texts)
    func matchesJSONEncoder(text: String) throws {
        for escapesSlashes in [true, false] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = escapesSlashes ? [] : [.withoutEscapingSlashes]
            var written: [UInt8] = []
            JSONStringWriter(escapesSlashes: escapesSlashes).appendQuoted(text, to: &written)
            #expect(written == Array(try encoder.encode(text)), "escapesSlashes: \(escapesSlashes)")
            #expect(try JSONDecoder().decode(String.self, from: Data(written)) == text)
        }
    }

    @Test("The contents alone are the encoder's string without its quotation marks", arguments: texts)
    func contentsAreTheQuotedStringsInside(text: String) throws {
        var quoted: [UInt8] = []
        var contents: [UInt8] = []
        let writer = JSONStringWriter(escapesSlashes: false)
        writer.appendQuoted(text, to: &quoted)
        writer.appendContents(of: text, to: &contents)
        #expect([UInt8(ascii: "\"")] + contents + [UInt8(ascii: "\"")] == quoted)
    }

    @Test(
        "Scalars chosen besides the encoder's are written as \\u escapes with uppercase digits, as surrogate pairs above U+FFFF, and decode to the same text",
        arguments: [
            ("\u{7F}", #""\u007F""#), ("a\u{9B}b", #""a\u009Bb""#), ("\u{202E}", #""\u202E""#),
            ("é\u{2028}", "\"é\\u2028\""), ("🎉", #""\uD83C\uDF89""#), ("\n\u{85}", #""\n\u0085""#),
            ("plain", #""plain""#),
        ])
    func escapesChosenScalars(text: String, expected: String) throws {
        let chosen: Set<UInt32> = [0x7F, 0x85, 0x9B, 0x202E, 0x2028, 0x1F389]
        var written: [UInt8] = []
        JSONStringWriter(escapesSlashes: false, alsoEscaping: { chosen.contains($0.value) })
            .appendQuoted(text, to: &written)
        #expect(String(decoding: written, as: UTF8.self) == expected)
        #expect(try JSONDecoder().decode(String.self, from: Data(written)) == text)
    }

    @Test("Escaping chosen scalars leaves every other string as JSONEncoder writes it", arguments: texts)
    func chosenScalarsChangeNothingElse(text: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var written: [UInt8] = []
        JSONStringWriter(escapesSlashes: false, alsoEscaping: { _ in false }).appendQuoted(text, to: &written)
        #expect(written == Array(try encoder.encode(text)))
    }
}
