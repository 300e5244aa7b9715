import APIClient
import APIClientTestSupport
import Foundation
import StoriesCLITestSupport
import StoriesData
import Testing

@testable import StoriesCLIKit

/// Scalars a terminal obeys: none may reach human output from a server string.
func isForbiddenOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    default: false
    }
}

/// Strings a hostile server could send, with what a terminal would do with them.
let hostileStrings: [String] = [
    "\u{1B}[2J\u{1B}[HCleared",  // clear the screen, cursor home
    "\u{1B}]0;pwned\u{07}Title",  // OSC: rename the window (BEL-terminated)
    "\u{1B}]52;c;ZXZpbA==\u{1B}\\Clip",  // OSC 52: write the clipboard (ST-terminated)
    "Bell\u{07}Back\u{08}space\rCarriage",
    "Del\u{7F}ete",
    "C1\u{9B}31mcsi\u{9D}0;osc\u{9C}end",
    "id 4\u{202E}2 txet",  // right-to-left override
    "iso\u{2066}late\u{2069}",
    "multi\nline\u{2028}title",
    "\u{1B}c reset",
    "\u{1B}[31",  // cut off mid-sequence
    "\u{1B}",
]

@Suite("Server text on the terminal")
struct TerminalTextTests {
    @Test("No control character, escape sequence or bidi control survives", arguments: hostileStrings)
    func removesControls(text: String) {
        let safe = TerminalText.sanitize(text)
        #expect(!safe.unicodeScalars.contains(where: isForbiddenOnTerminal), "\(safe.debugDescription)")
    }

    @Test(
        "Escape sequences are removed whole, line breaks become spaces, other controls become U+FFFD",
        arguments: [
            ("\u{1B}[2J\u{1B}[HCleared", "Cleared"), ("\u{1B}]0;pwned\u{07}Title", "Title"),
            ("\u{1B}]52;c;ZXZpbA==\u{1B}\\Clip", "Clip"), ("a\nb\tc", "a b c"), ("Del\u{7F}ete", "Del\u{FFFD}ete"),
            ("\u{9B}31mred", "red"), ("id 4\u{202E}2", "id 42"),
        ])
    func replaces(text: String, expected: String) {
        #expect(TerminalText.sanitize(text) == expected)
    }

    @Test(
        "Ordinary text passes unchanged",
        arguments: ["Café déjà vu", "東京の天気", "Emoji 👩🏽‍💻 ok", "שלום עולם", "مرحبا", "tabs\u{00A0}nbsp", ""])
    func keepsText(text: String) {
        #expect(TerminalText.sanitize(text) == text)
    }

    @Test(
        "JSON escapes DEL, C1 and bidi controls as \\uXXXX and still decodes to the original", arguments: hostileStrings
    )
    func jsonEscapes(text: String) throws {
        let json = try StoryJSON.encode(["title": text])
        #expect(!json.unicodeScalars.contains { isForbiddenOnTerminal($0) && $0 != "\n" })
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(decoded["title"] == text)
    }

    @Test("list and show print hostile titles, authors and ids without a single control byte")
    func commandsStaySafe() async throws {
        for hostile in hostileStrings {
            var api = MockAPI()
            let story = Components.Schemas.Story.fixture(id: "7" + hostile, title: hostile, author: hostile)
            api.listStories = { _ in .ok(.init(body: .json(.fixture(items: [story])))) }
            api.getStory = { _ in .ok(.init(body: .json(story))) }
            let output = CapturedOutput()
            let service = APIStoryService(api: api)
            try await ListCommand.parse([]).execute(in: ListCommandTests.context(output), service: service)
            try await ShowCommand.parse(["7"]).execute(in: ListCommandTests.context(output), service: service)
            let printed = output.standard.unicodeScalars.filter { $0 != "\n" }
            #expect(!printed.contains(where: isForbiddenOnTerminal), "\(output.standard.debugDescription)")
        }
    }
}
