import Foundation

/// Checks JSON documents against the part of JSON Schema Draft 2020-12 that `docs/json/*.schema.json` use, and
/// refuses a schema with any other keyword, so a schema cannot lean on something this does not check. CI also
/// validates real outputs against the same schemas with Python's `jsonschema` (`Scripts/check-json-schemas`).
///
/// Keywords: `$schema` (Draft 2020-12's only), `$ref` (to `#/$defs/NAME`), `$defs`, `type`, `properties`,
/// `required`, `additionalProperties`, `items`, `format` (`date-time`, `uri`, asserted), `pattern`, `minimum`,
/// `minLength`, and the annotations `title`, `description`, `$comment`.
struct JSONSchemaSubset {
    static let draft202012 = "https://json-schema.org/draft/2020-12/schema"
    static let supportedKeywords: Set<String> = [
        "$schema", "$ref", "$defs", "type", "properties", "required", "additionalProperties", "items", "format",
        "pattern", "minimum", "minLength", "title", "description", "$comment",
    ]
    static let typeNames: Set<String> = ["null", "boolean", "integer", "number", "string", "array", "object"]
    static let formats: Set<String> = ["date-time", "uri"]

    struct UnsupportedSchema: Error, CustomStringConvertible {
        let description: String
    }

    let root: JSONValue

    init(_ schema: JSONValue) throws(UnsupportedSchema) {
        guard case .object(let keywords) = schema, keywords["$schema"]?.stringValue == Self.draft202012 else {
            throw UnsupportedSchema(description: "#: the root must be an object with \"$schema\": \(Self.draft202012)")
        }
        root = schema
        try check(schema, at: "#")
    }

    /// Every way `instance` breaks the schema, each as "location: problem"; empty when it conforms.
    /// - Parameter closed: also treat every object as `"additionalProperties": false`, to find keys the schema does
    ///   not list.
    func problems(in instance: JSONValue, closed: Bool = false) -> [String] {
        var problems: [String] = []
        validate(instance, against: root, at: "$", closed: closed, into: &problems)
        return problems
    }

    // MARK: the schema

    private func check(_ schema: JSONValue, at location: String) throws(UnsupportedSchema) {
        func fail(_ problem: String) -> UnsupportedSchema { UnsupportedSchema(description: "\(location): \(problem)") }
        if case .bool = schema { return }
        guard case .object(let keywords) = schema else { throw fail("a schema is an object or a boolean") }
        for (keyword, value) in keywords.sorted(by: { $0.key < $1.key }) {
            guard Self.supportedKeywords.contains(keyword) else { throw fail("unsupported keyword \(keyword)") }
            switch keyword {
            case "$schema":
                guard location == "#" else { throw fail("$schema belongs at the root only") }
            case "$ref":
                guard let reference = value.stringValue, resolve(reference) != nil else {
                    throw fail("$ref must name an entry of #/$defs")
                }
            case "$defs", "properties":
                guard case .object(let members) = value else { throw fail("\(keyword) must be an object") }
                for (name, member) in members { try check(member, at: "\(location)/\(keyword)/\(name)") }
            case "additionalProperties", "items":
                try check(value, at: "\(location)/\(keyword)")
            case "type":
                let names: [JSONValue]
                if case .array(let list) = value { names = list } else { names = [value] }
                guard !names.isEmpty, names.allSatisfy({ $0.stringValue.map(Self.typeNames.contains) == true }) else {
                    throw fail("type must be a type name or a list of them")
                }
            case "required":
                guard case .array(let names) = value, names.allSatisfy({ $0.stringValue != nil }) else {
                    throw fail("required must be a list of strings")
                }
            case "format":
                guard let format = value.stringValue, Self.formats.contains(format) else {
                    throw fail("unsupported format \(value)")
                }
            case "pattern":
                guard let pattern = value.stringValue, (try? Regex(pattern)) != nil else {
                    throw fail("pattern must be a regular expression")
                }
            case "minimum":
                guard value.typeNames.contains("number") else { throw fail("minimum must be a number") }
            case "minLength":
                guard case .integer(let length) = value, length >= 0 else {
                    throw fail("minLength must be a non-negative integer")
                }
            default:  // annotations: title, description, $comment
                guard value.stringValue != nil else { throw fail("\(keyword) must be a string") }
            }
        }
    }

    /// The keys `schema`'s `properties` list, with those of the schemas its `$ref`s lead to.
    private func listedKeys(_ schema: JSONValue, visited: Set<String> = []) -> Set<String> {
        var keys: Set<String> = []
        if case .object(let properties) = schema["properties"] { keys.formUnion(properties.keys) }
        if let reference = schema["$ref"]?.stringValue, !visited.contains(reference), let target = resolve(reference) {
            keys.formUnion(listedKeys(target, visited: visited.union([reference])))
        }
        return keys
    }

    private func resolve(_ reference: String) -> JSONValue? {
        let prefix = "#/$defs/"
        guard reference.hasPrefix(prefix) else { return nil }
        return root["$defs"]?[String(reference.dropFirst(prefix.count))]
    }

    // MARK: an instance

    /// - Parameter listed: when `closed`, the keys an object may have here: those of `schema`'s `properties` and of
    ///   the schemas its `$ref`s lead to (`nil`: work them out from `schema`).
    private func validate(
        _ instance: JSONValue, against schema: JSONValue, at location: String, closed: Bool,
        listed: Set<String>? = nil, into problems: inout [String]
    ) {
        if case .bool(let allowed) = schema {
            if !allowed { problems.append("\(location): not allowed here") }
            return
        }
        let listed = listed ?? listedKeys(schema)
        if let reference = schema["$ref"]?.stringValue, let target = resolve(reference) {
            validate(instance, against: target, at: location, closed: closed, listed: listed, into: &problems)
        }
        if let type = schema["type"] {
            let allowed: [String]
            if case .array(let names) = type {
                allowed = names.compactMap(\.stringValue)
            } else {
                allowed = type.stringValue.map { [$0] } ?? []
            }
            guard !instance.typeNames.isDisjoint(with: allowed) else {
                problems.append("\(location): \(Self.describe(instance)) is not \(allowed.joined(separator: " or "))")
                return
            }
        }
        switch instance {
        case .object(let members):
            validateObject(members, against: schema, at: location, closed: closed, listed: listed, into: &problems)
        case .array(let elements):
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() {
                    validate(element, against: items, at: "\(location)[\(index)]", closed: closed, into: &problems)
                }
            }
        case .string(let text):
            validateString(text, against: schema, at: location, into: &problems)
        case .integer(let value):
            if let minimum = schema["minimum"], Double(value) < Self.number(minimum) {
                problems.append("\(location): \(value) is below the minimum \(Self.describe(minimum))")
            }
        case .number(let value):
            if let minimum = schema["minimum"], value < Self.number(minimum) {
                problems.append("\(location): \(value) is below the minimum \(Self.describe(minimum))")
            }
        case .null, .bool:
            break
        }
    }

    private func validateObject(
        _ members: [String: JSONValue], against schema: JSONValue, at location: String, closed: Bool,
        listed: Set<String>, into problems: inout [String]
    ) {
        if case .array(let required) = schema["required"] {
            for name in required.compactMap(\.stringValue) where members[name] == nil {
                problems.append("\(location): the required key \"\(name)\" is missing")
            }
        }
        let properties: [String: JSONValue]
        if case .object(let listed) = schema["properties"] { properties = listed } else { properties = [:] }
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            if let property = properties[name] {
                validate(value, against: property, at: "\(location).\(name)", closed: closed, into: &problems)
            } else if closed {
                if listed.contains(name) { continue }  // listed, and checked, where a $ref leads
                problems.append("\(location): the key \"\(name)\" is not in the schema")
            } else if let additional = schema["additionalProperties"] {
                validate(value, against: additional, at: "\(location).\(name)", closed: closed, into: &problems)
            }
        }
    }

    private func validateString(
        _ text: String, against schema: JSONValue, at location: String, into problems: inout [String]
    ) {
        if case .integer(let length) = schema["minLength"], text.unicodeScalars.count < length {
            problems.append("\(location): \"\(text)\" is shorter than \(length) characters")
        }
        if let pattern = schema["pattern"]?.stringValue, let regex = try? Regex(pattern),
            text.firstMatch(of: regex) == nil
        {
            problems.append("\(location): \"\(text)\" does not match \(pattern)")
        }
        switch schema["format"]?.stringValue {
        case "date-time" where !Self.isDateTime(text):
            problems.append("\(location): \"\(text)\" is not an RFC 3339 date-time")
        case "uri" where !Self.isURI(text):
            problems.append("\(location): \"\(text)\" is not an absolute URI")
        default:
            break
        }
    }

    private static func number(_ value: JSONValue) -> Double {
        switch value {
        case .integer(let integer): Double(integer)
        case .number(let number): number
        default: .nan
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .integer(let integer): "\(integer)"
        case .number(let number): "\(number)"
        case .string(let string): "\"\(string)\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    // MARK: formats

    /// RFC 3339 §5.6 `date-time`: `full-date "T" full-time`, "T" and "Z" in either case, an optional fraction, and
    /// a numeric offset or Z; each field in its range (day by month and leap year, second up to 60 for a leap
    /// second, offset hours 00–23).
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int, in set: String) -> Bool { index < bytes.count && set.utf8.contains(bytes[index]) }
        guard let year = digits(0, 4), byte(4, in: "-"), let month = digits(5, 2), byte(7, in: "-"),
            let day = digits(8, 2), byte(10, in: "Tt"), let hour = digits(11, 2), byte(13, in: ":"),
            let minute = digits(14, 2), byte(16, in: ":"), let second = digits(17, 2)
        else { return false }
        var index = 19
        if byte(index, in: ".") {
            index += 1
            let start = index
            while digits(index, 1) != nil { index += 1 }
            guard index > start else { return false }
        }
        if byte(index, in: "Zz") {
            index += 1
        } else {
            guard byte(index, in: "+-"), let offsetHour = digits(index + 1, 2), byte(index + 3, in: ":"),
                let offsetMinute = digits(index + 4, 2), offsetHour <= 23, offsetMinute <= 59
            else { return false }
            index += 6
        }
        guard index == bytes.count, (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...daysInMonth).contains(day) && hour <= 23 && minute <= 59 && second <= 60
    }

    /// An absolute RFC 3986 URI, as far as its characters go: a scheme (§3.1) and a colon, then only unreserved and
    /// reserved characters and percent-encodings (§2), so no space, control or non-ASCII character. The parts after
    /// the scheme are not parsed further.
    static func isURI(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        let digits = Set("0123456789".utf8)
        let hex = digits.union("abcdefABCDEF".utf8)
        let allowed = letters.union(digits).union("-._~:/?#[]@!$&'()*+,;=".utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, letters.contains(bytes[0]),
            bytes[1..<colon].allSatisfy({ letters.contains($0) || digits.contains($0) || "+-.".utf8.contains($0) })
        else { return false }
        var index = colon + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, hex.contains(bytes[index + 1]), hex.contains(bytes[index + 2]) else {
                    return false
                }
                index += 3
            } else {
                guard allowed.contains(bytes[index]) else { return false }
                index += 1
            }
        }
        return true
    }
}
