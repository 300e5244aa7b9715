import Foundation

/// The JSON object `stories-cli api` sends for its `-f` and `-F` fields: one member per key (the last field given
/// for a key wins), members in key order so that the same command sends the same bytes.
struct APIRequestBody: Encodable {
    let fields: [APIRequestField]

    /// The object's UTF-8 bytes.
    static func json(_ fields: [APIRequestField]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, integers, booleans and null into a keyed container cannot fail.
        return (try? [UInt8](encoder.encode(APIRequestBody(fields: fields)))) ?? Array("{}".utf8)
    }

    func encode(to encoder: any Encoder) throws {
        var members: [String: APIRequestField.Value] = [:]
        for field in fields { members[field.key] = field.value }
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in members {
            let codingKey = Key(stringValue: key)
            switch value {
            case .string(let text): try container.encode(text, forKey: codingKey)
            case .integer(let number): try container.encode(number, forKey: codingKey)
            case .boolean(let flag): try container.encode(flag, forKey: codingKey)
            case .null: try container.encodeNil(forKey: codingKey)
            }
        }
    }

    /// Any member name.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
