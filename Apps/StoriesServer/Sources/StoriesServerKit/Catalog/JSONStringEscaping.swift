/// Writes text as the inside of a JSON string (RFC 8259 §7), escaped as `JSONEncoder` escapes it: quotation mark,
/// reverse solidus and the control characters below U+0020 (the usual ones by their short forms), and the solidus
/// unless told not to. Everything else, UTF-8 included, is written as it is.
enum JSONStringEscaping {
    static func append(_ text: String, escapingSlashes: Bool, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            // Runs that need no escaping, the common case, are copied whole.
            var plainStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard
                    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                        || (byte == UInt8(ascii: "/") && escapingSlashes)
                else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                appendEscape(of: byte, to: &bytes)
                plainStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
        }
    }

    /// `text` escaped, without quotation marks around it.
    static func escaped(_ text: String, escapingSlashes: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        append(text, escapingSlashes: escapingSlashes, to: &bytes)
        return bytes
    }

    private static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
        case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
        case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
        case ..<0x20:
            let hexDigits = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0x0F)])
        default:
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(byte)
        }
    }
}
