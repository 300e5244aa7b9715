import Foundation

/// `application/x-www-form-urlencoded` as browsers send it (WHATWG URL §5), for the HTML pages and their query
/// strings: `+` is a space, both names and values are percent-decoded, and repeated names are kept so that the
/// caller can refuse them.
enum FormURLEncoding {
    /// The pairs of `text` in order. Pairs whose percent-encoding is broken are dropped.
    static func pairs(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { return nil }
            guard parts.count == 2 else { return (name, "") }
            guard let value = decode(parts[1]) else { return nil }
            return (name, value)
        }
    }

    /// Percent-encodes everything but the RFC 3986 unreserved characters, so that the result reads the same as a
    /// query component and as a form value.
    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// `name=value&…`, each part encoded.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `part` with `+` read as a space and percent-escapes decoded; `nil` if an escape is broken.
    static func decode(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// The fields of one submitted form or query, each name at most once.
struct FormFields: Sendable {
    private let values: [String: String]

    /// `nil` when a name repeats: RFC 6749 §3.1 forbids repeated parameters, and a form never repeats a field.
    init?(_ text: Substring) {
        var values: [String: String] = [:]
        for (name, value) in FormURLEncoding.pairs(text) {
            guard values.updateValue(value, forKey: name) == nil else { return nil }
        }
        self.values = values
    }

    /// The fields of a form the generated code already decoded (the pushed authorization request's).
    init(_ values: [String: String]) {
        self.values = values
    }

    subscript(name: String) -> String? {
        values[name]
    }
}
