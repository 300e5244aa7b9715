import Foundation
import Hummingbird

/// The parameters of an `application/x-www-form-urlencoded` body, each name at most once, decoded by Hummingbird's
/// `URLEncodedFormDecoder`.
///
/// That decoder refuses a broken percent-escape (`%zz`, `a=%`) and a repeated name (RFC 6749 §3.1). Three checks run
/// before it, because it lets through what they refuse: a parameter without `=` (`%`, `x%`, `a=1&%`), which it skips;
/// one with an empty name (`=x`); and an escape that decodes to bytes that are not UTF-8 (`a=%C3%28`), which it reads
/// as U+FFFD, while Foundation's `removingPercentEncoding` refuses it. Empty parameters (`a=1&&b=2`, a trailing `&`)
/// are allowed, as WHATWG URL §5.1 allows them.
///
/// Names with brackets (`a[b]=1`) mean nested values to that decoder; no OAuth parameter is named so, and RFC 6749
/// §3.1 has the server ignore parameters it does not know, so such a parameter is left out of `values`.
struct FormParameters: Sendable, Equatable {
    /// Why a body is not a form.
    enum Malformed: Error, Equatable {
        /// The body is longer than the limit, in bytes.
        case tooLarge(limit: Int)
        /// The body is not UTF-8 text.
        case notText
        /// A parameter has no `=`; its position among the body's `&`-separated parts, from 0.
        case missingEquals(position: Int)
        /// A parameter's name is empty; its position among the body's `&`-separated parts, from 0.
        case emptyName(position: Int)
        /// A percent-escape is broken, or decodes to bytes that are not UTF-8.
        case brokenPercentEscape
        /// A name is given twice.
        case repeatedName
        /// Bracketed names that the decoder cannot put together (`a=1&a[b]=2`).
        case conflictingNames
    }

    let values: [String: String]

    init(decoding text: String) throws(Malformed) {
        for (position, part) in text.split(separator: "&", omittingEmptySubsequences: false).enumerated()
        where !part.isEmpty {
            guard let equals = part.firstIndex(of: "=") else { throw .missingEquals(position: position) }
            guard equals != part.startIndex else { throw .emptyName(position: position) }
            guard part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding != nil else {
                throw .brokenPercentEscape
            }
        }
        do {
            values = try URLEncodedFormDecoder().decode(StringValues.self, from: text).values
        } catch let error as URLEncodedFormError {
            // The error's own text quotes the body, which can hold a password: only its code is kept.
            switch error.code {
            case .failedToPercentDecode: throw .brokenPercentEscape
            case .duplicateKeys: throw .repeatedName
            default: throw .conflictingNames
            }
        } catch {
            throw .conflictingNames
        }
    }

    subscript(name: String) -> String? {
        values[name]
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
