import Foundation

/// A decoded JSON document that keeps apart what JSON Schema's types tell apart: booleans, integers and other
/// numbers, and `null`.
enum JSONValue: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The document in `text`, which must be one JSON value.
    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// The document in a file.
    static func read(_ url: URL) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: try Data(contentsOf: url))
    }

    /// The JSON Schema type names this value has: "integer" is also a "number".
    var typeNames: Set<String> {
        switch self {
        case .null: ["null"]
        case .bool: ["boolean"]
        case .integer: ["integer", "number"]
        case .number(let value): value.rounded() == value ? ["integer", "number"] : ["number"]
        case .string: ["string"]
        case .array: ["array"]
        case .object: ["object"]
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }
}
