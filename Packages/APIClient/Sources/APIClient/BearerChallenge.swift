import Foundation

/// Reads a Bearer challenge from a `WWW-Authenticate` header (RFC 6750 §3): what a 401 says about the token.
public enum BearerChallenge {
    /// The value of the Bearer challenge's `error` parameter (`invalid_token`, `insufficient_scope`, …), quoted or
    /// not, or `nil` when it names none.
    ///
    /// The header is read as RFC 9110 §11.6.1 writes it: one or more challenges, each a scheme and then
    /// `name=token` or `name="quoted string"` parameters, all separated by commas (two header fields arrive joined by
    /// one). Only a parameter of a challenge whose scheme is `Bearer` counts, so neither another scheme's `error`
    /// (`DPoP error="…"`) nor `error=` inside another parameter's quoted value is taken for the code.
    public static func errorCode(in header: String) -> String? {
        parameter("error", in: header)
    }

    /// The value of the Bearer challenge's parameter `name` (case-insensitive), such as RFC 9728's
    /// `resource_metadata`, read as `errorCode(in:)` reads `error`; `nil` when the challenge has none.
    public static func parameter(_ name: String, in header: String) -> String? {
        parameter(name, in: header, scheme: "bearer")
    }

    /// The value of parameter `name` of the challenge whose scheme is `scheme` (case-insensitive), such as the
    /// `error` of a `DPoP` challenge (RFC 9449 §7.1), read as `parameter(_:in:)` reads a Bearer challenge's.
    public static func parameter(_ name: String, in header: String, scheme wantedScheme: String) -> String? {
        let wanted = name.lowercased()
        let wantedScheme = wantedScheme.lowercased()
        var rest = Substring(header)
        var scheme: String?
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            let name = rest.prefix { !" \t,=".contains($0) }
            guard !name.isEmpty else { return nil }
            rest = rest.dropFirst(name.count)
            let afterName = rest.drop { $0 == " " || $0 == "\t" }
            guard afterName.first == "=" else {
                // A word not followed by `=` starts the next challenge.
                scheme = name.lowercased()
                continue
            }
            rest = afterName.dropFirst().drop { $0 == " " || $0 == "\t" }
            let value = readValue(&rest)
            if scheme == wantedScheme, name.lowercased() == wanted { return value }
        }
    }

    /// Reads a token or a quoted string (with its backslash escapes) from the front of `rest`.
    private static func readValue(_ rest: inout Substring) -> String {
        guard rest.first == "\"" else {
            let token = rest.prefix { !" \t,".contains($0) }
            rest = rest.dropFirst(token.count)
            return String(token)
        }
        rest = rest.dropFirst()
        var value = ""
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
        return value
    }
}
