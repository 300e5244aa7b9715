import Foundation
import Testing

@testable import StoriesServerKit

@Suite("base64url")
struct Base64URLTests {
    @Test(
        "Encodes RFC 4648 §10's vectors and bytes that need the URL alphabet, without padding, and reads them back",
        arguments: [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"), ("\u{FB}\u{FF}", "w7vDvw"), ("v1:20", "djE6MjA"),
        ])
    func roundTrips(text: String, encoded: String) {
        #expect(Data(text.utf8).base64URLEncodedString() == encoded)
        #expect(Data(base64URLEncoded: encoded) == Data(text.utf8))
    }

    @Test("Uses - and _ where base64 has + and /")
    func usesURLAlphabet() {
        #expect(Data([0xFB, 0xFF, 0xBF]).base64URLEncodedString() == "-_-_")
        #expect(Data(base64URLEncoded: "-_-_") == Data([0xFB, 0xFF, 0xBF]))
    }

    @Test("Refuses text that is not base64url", arguments: ["a", "é", "Zm9v!", "Zm9v Yg", "Zm9vY"])
    func refusesOtherText(text: String) {
        #expect(Data(base64URLEncoded: text) == nil)
    }
}
