import RFC7636
import Testing

@Suite("base64url")
struct Base64URLTests {
    @Test(
        "Encodes RFC 4648 §10's vectors and bytes that need the URL alphabet, without padding, and reads them back",
        arguments: [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"), ("\u{FB}\u{FF}", "w7vDvw"), ("v1:20", "djE6MjA"),
        ])
    func roundTrips(text: String, encoded: String) {
        #expect(Base64URL.encode(text.utf8) == encoded)
        #expect(Base64URL.decode(encoded) == Array(text.utf8))
    }

    @Test("Uses - and _ where base64 has + and /")
    func usesURLAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
    }

    @Test(
        "Refuses text that is not unpadded base64url, base64's own + / and padding among it",
        arguments: ["a", "é", "Zm9v!", "Zm9v Yg", "Zm9vY", "Zm8=", "Zg==", "+_-_", "-_-/"])
    func refusesOtherText(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test(
        "The alphabet is A-Z a-z 0-9 - _ and nothing else",
        arguments: [("A", true), ("z", true), ("0", true), ("9", true), ("-", true), ("_", true)]
            + ["+", "/", "=", ".", "~", " ", "%"].map { ($0, false) } as [(Character, Bool)])
    func alphabet(character: Character, inAlphabet: Bool) throws {
        #expect(Base64URL.isInAlphabet(try #require(character.asciiValue)) == inAlphabet)
    }
}
