import Foundation
import RFC9449
import Testing

/// The claims a proof signs, as `JSONEncoder` writes them (`JOSEJSON`: sorted keys, unescaped slashes): `iat` a whole
/// number of seconds (RFC 7519's NumericDate), whatever the clock gives.
@Suite("DPoP proof claims as JSON")
struct DPoPProofClaimsJSONTests {
    @Test(
        "iat is the whole seconds before it, and a value no clock gives is clamped rather than a crash",
        arguments: [
            (1_700_000_000.999, "1700000000"), (0, "0"), (-1.5, "-2"), (Double.nan, "0"), (Double.infinity, "0"),
            (1e30, "9223372036854775807"), (-1e30, "-9223372036854775808"),
        ])
    func iat(seconds: Double, written: String) throws {
        let claims = DPoPProofClaims(jti: "j", htm: "GET", htu: "https://a.example/", iat: seconds)
        #expect(try Self.encoderJSON(claims).contains(#""iat":\#(written),"#))
    }

    private static func encoderJSON(_ claims: DPoPProofClaims) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(claims), as: UTF8.self)
    }
}
