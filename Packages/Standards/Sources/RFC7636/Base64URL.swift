import Foundation

/// Base64url without padding (RFC 4648 §5, as RFC 7636 Appendix A uses it): safe in URLs, form bodies and headers.
///
/// One definition for the client's PKCE verifier and `state` and for the reference server's codes, tokens and page
/// cursors, so that the two sides can never disagree on the alphabet or the padding.
public enum Base64URL {
    /// `bytes` in the URL-safe alphabet (`-` and `_` for base64's `+` and `/`), with no `=` padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        // One pass over the bytes: three `replacingOccurrences` were a tenth of the cost of serving a page on the
        // reference server (each page but the last carries a cursor).
        let base64 = Data(bytes).base64EncodedString()
        var characters = [UInt8]()
        characters.reserveCapacity(base64.utf8.count)
        for character in base64.utf8 {
            switch character {
            case UInt8(ascii: "+"): characters.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): characters.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): break
            default: characters.append(character)
            }
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// Whether `byte` is in the URL-safe alphabet: `A-Z a-z 0-9 - _`.
    public static func isInAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// The bytes `text` encodes, or `nil` when it is not unpadded base64url (another alphabet, padding, spaces, or a
    /// length no encoding has).
    public static func decode(_ text: String) -> [UInt8]? {
        var characters = [UInt8]()
        characters.reserveCapacity(text.utf8.count + 3)
        for character in text.utf8 {
            switch character {
            case UInt8(ascii: "-"): characters.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): characters.append(UInt8(ascii: "/"))
            // Base64's own characters mean something else here: text carrying them was not encoded by `encode`.
            case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="): return nil
            default: characters.append(character)
            }
        }
        characters.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - characters.count % 4) % 4))
        return Data(base64Encoded: Data(characters)).map { Array($0) }
    }
}
