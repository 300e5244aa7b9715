import Foundation
import RFC9449
import Testing

/// The bytes a proof signs: the claims' compact JSON must be exactly what `JSONEncoder` with sorted keys and
/// unescaped slashes makes of them, so that writing it by hand changed nothing a server can see.
@Suite("DPoP proof claims as JSON")
struct DPoPProofClaimsJSONTests {
    static let texts = [
        "", "plain", "https://api.example/v1/stories", "quote \" and backslash \\", "tab\tnewline\nreturn\r",
        "bell \u{07} backspace \u{08} form feed \u{0C} unit separator \u{1F} nul \u{00}", "delete \u{7F}",
        "accents é ü, 日本語, emoji 🙂", "line separator \u{2028} paragraph \u{2029}", "</script>",
    ]

    @Test("Every member is written as JSONEncoder writes it, whatever its text", arguments: texts)
    func matchesJSONEncoder(text: String) throws {
        let claims = DPoPProofClaims(jti: text, htm: text, htu: text, iat: 1_700_000_000.75, ath: text, nonce: text)
        #expect(String(decoding: claims.compactJSON, as: UTF8.self) == (try Self.encoderJSON(claims)))
        #expect(try JSONDecoder().decode(DPoPProofClaims.self, from: Data(claims.compactJSON)).jti == text)
    }

    @Test(
        "Members that are absent are left out, as JSONEncoder leaves them",
        arguments: [(String?.none, String?.none), ("hash", nil), (nil, "nonce"), ("hash", "nonce")])
    func optionalMembers(ath: String?, nonce: String?) throws {
        let claims = DPoPProofClaims(jti: "j", htm: "GET", htu: "https://a.example/", iat: 5, ath: ath, nonce: nonce)
        #expect(String(decoding: claims.compactJSON, as: UTF8.self) == (try Self.encoderJSON(claims)))
    }

    @Test(
        "iat is the whole seconds before it, and a value no clock gives is clamped rather than a crash",
        arguments: [
            (1_700_000_000.999, "1700000000"), (0, "0"), (-1.5, "-2"), (Double.nan, "0"), (Double.infinity, "0"),
            (1e30, "9223372036854775807"), (-1e30, "-9223372036854775808"),
        ])
    func iat(seconds: Double, written: String) {
        let claims = DPoPProofClaims(jti: "j", htm: "GET", htu: "https://a.example/", iat: seconds)
        #expect(String(decoding: claims.compactJSON, as: UTF8.self).contains(#""iat":\#(written),"#))
    }

    private static func encoderJSON(_ claims: DPoPProofClaims) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(claims), as: UTF8.self)
    }
}
