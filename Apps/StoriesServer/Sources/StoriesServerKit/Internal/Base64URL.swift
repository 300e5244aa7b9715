import Foundation

extension Data {
    /// RFC 4648 §5 base64url without padding: safe in URLs, form bodies and headers.
    func base64URLEncodedString() -> String {
        // One pass over the bytes: three `replacingOccurrences` were a tenth of the cost of serving a page (each
        // page but the last carries a cursor).
        var characters = [UInt8]()
        let base64 = base64EncodedString()
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

    init?(base64URLEncoded text: String) {
        var characters = [UInt8]()
        characters.reserveCapacity(text.utf8.count + 3)
        for character in text.utf8 {
            switch character {
            case UInt8(ascii: "-"): characters.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): characters.append(UInt8(ascii: "/"))
            default: characters.append(character)
            }
        }
        characters.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - characters.count % 4) % 4))
        self.init(base64Encoded: Data(characters))
    }
}
