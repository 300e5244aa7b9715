import Foundation
import HTTPTypes

/// The next page's cursor in a response's `Link` header (RFC 8288): the `cursor` query item of the first link whose
/// relation types include `next`, as in `Link: <?cursor=9900&limit=100>; rel="next"`.
///
/// A hint only: a page's body names its next cursor too and stays the authority. Anything this does not read as one
/// (no `next` link, a target without a `cursor`, a malformed field) gives `nil`, as a server that sends no `Link`
/// does.
public enum NextPageLink {
    /// The cursor in the `Link` fields of `response`, if it is a success.
    public static func cursor(in response: HTTPResponse) -> String? {
        guard response.status.kind == .successful, let field = response.headerFields[linkField] else { return nil }
        return cursor(inLinkField: field)
    }

    /// The cursor in `field`, the value of every `Link` field of a response joined with commas.
    public static func cursor(inLinkField field: String) -> String? {
        guard let target = nextTarget(inLinkField: field) else { return nil }
        let cursor = URLComponents(string: target)?.queryItems?.first { $0.name == "cursor" }?.value
        return cursor?.isEmpty == false ? cursor : nil
    }

    /// The target of the first link in `field` whose relation types include `next`, as written (a URI reference,
    /// which may be relative to the request's URL): what `stories-cli api --paginate` follows.
    public static func nextTarget(inLinkField field: String) -> String? {
        var rest = Substring(field)
        while let link = nextLink(in: &rest) {
            guard link.relations.contains(where: { $0.lowercased() == "next" }) else { continue }
            return String(link.target)
        }
        return nil
    }

    /// A literal token: the initialiser fails only on characters a field name cannot have.
    private static let linkField = HTTPField.Name("Link")!

    /// The link at the start of `rest` (`<target>` then `;`-separated parameters up to the next top-level comma),
    /// consumed; `nil` at the end or at a link that does not parse, which ends the reading.
    private static func nextLink(in rest: inout Substring) -> (target: Substring, relations: [Substring])? {
        rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
        guard rest.first == "<", let close = rest.firstIndex(of: ">") else { return nil }
        let target = rest[rest.index(after: rest.startIndex)..<close]
        rest = rest[rest.index(after: close)...]
        var relations: [Substring] = []
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.first == ";" else { break }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            let name = rest.prefix { $0 != "=" && $0 != ";" && $0 != "," && $0 != " " && $0 != "\t" }
            rest = rest[name.endIndex...].drop { $0 == " " || $0 == "\t" }
            var value: Substring = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                guard let parsed = parameterValue(in: &rest) else { return nil }
                value = parsed
            }
            if name.lowercased() == "rel", relations.isEmpty {
                // RFC 8288 §3.3: `rel` holds space-separated relation types; only its first occurrence counts.
                relations = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
            }
        }
        guard rest.isEmpty || rest.first == "," else { return nil }
        return (target, relations)
    }

    /// A token or a quoted string (its escapes removed), consumed from `rest`.
    private static func parameterValue(in rest: inout Substring) -> Substring? {
        guard rest.first == "\"" else {
            let token = rest.prefix { $0 != ";" && $0 != "," && $0 != " " && $0 != "\t" }
            rest = rest[token.endIndex...]
            return token
        }
        var value = ""
        var index = rest.index(after: rest.startIndex)
        while index < rest.endIndex {
            let character = rest[index]
            if character == "\"" {
                rest = rest[rest.index(after: index)...]
                return Substring(value)
            }
            if character == "\\" {
                index = rest.index(after: index)
                guard index < rest.endIndex else { return nil }
            }
            value.append(rest[index])
            index = rest.index(after: index)
        }
        return nil
    }
}
