/// One `-f key=value` or `-F key=value` of `stories-cli api`: a field of the JSON body, or of the query string for
/// GET and HEAD.
struct APIRequestField: Equatable, Sendable {
    /// A field's value: `-f` always gives a string, `-F` reads `true`, `false`, `null` and integers as JSON values.
    enum Value: Equatable, Sendable {
        case string(String)
        case integer(Int)
        case boolean(Bool)
        case null

        /// The value as a query string writes it (`null` as an empty value).
        var queryText: String {
            switch self {
            case .string(let text): text
            case .integer(let number): String(number)
            case .boolean(let flag): flag ? "true" : "false"
            case .null: ""
            }
        }
    }

    var key: String
    var value: Value

    /// `-f key=value`: the value as it is, a string.
    static func raw(_ argument: String) throws(APIArgumentError) -> APIRequestField {
        let (key, text) = try split(argument, flag: "-f")
        return APIRequestField(key: key, value: .string(text))
    }

    /// `-F key=value`: `true`, `false` and `null` as those JSON literals, a decimal integer as a number, `@path` as
    /// the contents of that file (`@-`: standard input) as a string, anything else as a string, as `gh api -F` does.
    /// - Parameter readFile: reads the file `@path` names.
    static func typed(
        _ argument: String, readFile: (String) throws(APIArgumentError) -> String
    ) throws(APIArgumentError) -> APIRequestField {
        let (key, text) = try split(argument, flag: "-F")
        let value: Value
        switch text {
        case "true": value = .boolean(true)
        case "false": value = .boolean(false)
        case "null": value = .null
        case _ where text.hasPrefix("@"): value = .string(try readFile(String(text.dropFirst())))
        case _ where isInteger(text): value = Int(text).map(Value.integer) ?? .string(text)
        default: value = .string(text)
        }
        return APIRequestField(key: key, value: value)
    }

    /// An optional sign and ASCII digits (a number too large for `Int` stays a string).
    private static func isInteger(_ text: String) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func split(_ argument: String, flag: String) throws(APIArgumentError) -> (String, String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw .malformedField(flag: flag, argument: argument)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
