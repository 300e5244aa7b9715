import Foundation

/// Reads a Bearer challenge from a `WWW-Authenticate` header (RFC 6750 §3): what a 401 says about the token.
public enum BearerChallenge {
    /// The value of the challenge's `error` parameter (`invalid_token`, `insufficient_scope`, …), quoted or not, or
    /// `nil` when it names none.
    ///
    /// The parameters are read as RFC 9110 §11.2 writes them, `name=token` or `name="quoted string"` separated by
    /// commas, so `error=` inside another parameter's quoted value (`error_description="no error=here"`) is not
    /// taken for the code.
    public static func errorCode(in challenge: String) -> String? {
        var rest = Substring(challenge)
        // The scheme ("Bearer") comes first, up to the first space.
        guard let space = rest.firstIndex(of: " ") else { return nil }
        rest = rest[rest.index(after: space)...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "," }
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: equals)...].drop { $0 == " " }
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped {
                        value.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        break
                    } else {
                        value.append(character)
                    }
                }
            } else {
                value = String(rest.prefix { $0 != "," && $0 != " " })
                rest = rest.dropFirst(value.count)
            }
            if name.lowercased() == "error" { return value }
        }
        return nil
    }
}
