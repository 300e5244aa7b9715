import Foundation
import Hummingbird

/// The parameters of an `application/x-www-form-urlencoded` body or query that the endpoint defines, each at most
/// once, decoded by Hummingbird's `URLEncodedFormDecoder`: the one decoder of the OAuth endpoints' bodies
/// (`FormBodyMiddleware`) and of the sign-in pages' forms and queries (`Request.formParameters(named:)`).
///
/// Every parameter is checked for its form first, because that decoder lets through what these checks refuse: a
/// parameter without `=` (`%`, `x%`, `a=1&%`), which it skips; and an escape that decodes to bytes that are not UTF-8
/// (`a=%C3%28`), which it reads as U+FFFD, while Foundation's `removingPercentEncoding` refuses it (as it refuses `%zz`
/// and `a=%`). Empty parameters (`a=1&&b=2`, a trailing `&`) and an empty name (`=x`) are well-formed, as WHATWG URL
/// §5.1 reads them: no endpoint defines an empty name, so such a parameter is ignored.
///
/// Then the parameters named in `names` are decoded, and one of them given twice is refused (RFC 6749 §3.1). Any
/// other parameter is ignored, as RFC 6749 §3.1 asks of parameters a server does not know, even when repeated or
/// named with brackets (which the decoder would read as nested values).
struct FormParameters: Sendable, Equatable {
    /// Why a body is not a form.
    enum Malformed: Error, Equatable {
        /// The body is longer than the limit, in bytes.
        case tooLarge(limit: Int)
        /// The body is not UTF-8 text.
        case notText
        /// A parameter has no `=`; its position among the body's `&`-separated parts, from 0.
        case missingEquals(position: Int)
        /// A percent-escape is broken, or decodes to bytes that are not UTF-8.
        case brokenPercentEscape
        /// A parameter the endpoint defines is given twice.
        case repeatedName

        /// What is wrong, for an `error_description` or an error page: never a piece of the body.
        var detail: String {
            switch self {
            case .tooLarge(let limit): "The form body is longer than \(limit) bytes."
            case .notText: "The form body is not UTF-8 text."
            case .missingEquals(let position): "Parameter \(position + 1) of the form body has no '='."
            case .brokenPercentEscape: "The form body has a broken percent-escape."
            case .repeatedName: "A parameter of the form body is given more than once."
            }
        }
    }

    let values: [String: String]

    /// The value of the parameter `name`, if it was given.
    subscript(name: String) -> String? {
        values[name]
    }

    /// Parameters the generated code already decoded (the PAR endpoint's, checked as the sign-in page checks them).
    init(values: [String: String]) {
        self.values = values
    }

    init(decoding text: String, names: Set<String>) throws(Malformed) {
        var defined: [Substring] = []
        for (position, part) in text.split(separator: "&", omittingEmptySubsequences: false).enumerated()
        where !part.isEmpty {
            guard let equals = part.firstIndex(of: "=") else { throw .missingEquals(position: position) }
            guard let name = FormURLEncoding.decode(part[..<equals]),
                FormURLEncoding.decode(part[part.index(after: equals)...]) != nil
            else { throw .brokenPercentEscape }
            if names.contains(name) { defined.append(part) }
        }
        do {
            values = try URLEncodedFormDecoder().decode(StringValues.self, from: defined.joined(separator: "&")).values
        } catch let error as URLEncodedFormError where error.code == .duplicateKeys {
            throw .repeatedName
        } catch {
            // The checks above leave the decoder only well-formed parameters with plain names.
            throw .brokenPercentEscape
        }
    }

    /// Every parameter whose value is a string; a structured one (a bracketed name) is not an OAuth parameter.
    private struct StringValues: Decodable {
        var values: [String: String] = [:]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Name.self)
            for name in container.allKeys {
                if let value = try? container.decode(String.self, forKey: name) {
                    values[name.stringValue] = value
                }
            }
        }
    }

    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }
}
