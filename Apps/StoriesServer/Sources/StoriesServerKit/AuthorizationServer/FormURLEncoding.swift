import Foundation

/// `application/x-www-form-urlencoded` as browsers send it (WHATWG URL §5): `+` is a space, both names and values are
/// percent-encoded. Writes the server's redirects and outgoing forms, and decodes each part for `FormParameters`,
/// which reads whole bodies and queries.
enum FormURLEncoding {
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
