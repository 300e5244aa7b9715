import Foundation

/// The one JSON encoding of JOSE headers, claims and JWK thumbprints here: sorted keys (RFC 7638 §3.3 requires it for
/// thumbprints; for headers and claims it makes proofs reproducible in tests), no whitespace, `/` unescaped.
enum JOSEJSON {
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The types encoded here hold strings and numbers only: encoding them cannot fail.
        return (try? encoder.encode(value)) ?? Data()
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) -> Value? {
        try? JSONDecoder().decode(type, from: Data(bytes))
    }
}
