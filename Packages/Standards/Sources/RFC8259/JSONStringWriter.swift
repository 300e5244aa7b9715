/// Writes text as a JSON string (RFC 8259 §7) straight into bytes, escaped byte for byte as Foundation's
/// `JSONEncoder` escapes it: the quotation mark, the reverse solidus and the control characters below U+0020 (the
/// usual ones by their short forms, the rest as `\u00xx`), and the solidus unless told not to. Everything else, UTF-8
/// included, is written as it is, apart from the scalars `alsoEscaping` chooses.
///
/// For output too hot for an encoder (a DPoP proof per request, a page of stories per request or per line of
/// `list --json`), where a test holds the result to what `JSONEncoder` would have written.
public struct JSONStringWriter: Sendable {
    /// Whether `/` is written as `\/`, as `JSONEncoder` does unless its output formatting has
    /// `.withoutEscapingSlashes`.
    public let escapesSlashes: Bool
    private let alsoEscaping: (@Sendable (Unicode.Scalar) -> Bool)?

    /// - Parameters:
    ///   - escapesSlashes: whether `/` is written as `\/`.
    ///   - alsoEscaping: scalars at or above U+007F to write as `\uXXXX` (uppercase digits, a surrogate pair above
    ///     U+FFFF) although `JSONEncoder` writes them as they are, such as the ones a terminal would act on; the text
    ///     decodes the same. Asked only of those scalars: every one below U+007F is written as the encoder writes it.
    public init(escapesSlashes: Bool, alsoEscaping: (@Sendable (Unicode.Scalar) -> Bool)? = nil) {
        self.escapesSlashes = escapesSlashes
        self.alsoEscaping = alsoEscaping
    }

    /// Appends `text` between quotation marks.
    public func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendContents(of: text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped, without quotation marks around it.
    public func appendContents(of text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            // Runs that need no escaping, the common case, are copied whole.
            var plainStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x7F {
                    if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"),
                        byte != UInt8(ascii: "/") || !escapesSlashes
                    {
                        index += 1
                        continue
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                    Self.appendEscape(of: byte, to: &bytes)
                    index += 1
                    plainStart = index
                    continue
                }
                // DEL and every byte of a longer scalar: the encoder writes them as they are.
                guard let alsoEscaping else {
                    index += 1
                    continue
                }
                let (scalar, length) = Self.scalar(in: utf8, at: index)
                if alsoEscaping(scalar) {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                    Self.appendUnicodeEscape(of: scalar, to: &bytes)
                    plainStart = index + length
                }
                index += length
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
        }
    }

    private static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
        case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
        case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
        case ..<0x20:
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(lowercaseHexDigits[Int(byte >> 4)])
            bytes.append(lowercaseHexDigits[Int(byte & 0x0F)])
        default:
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(byte)
        }
    }

    private static func appendUnicodeEscape(of scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        for unit in UTF16.encode(scalar) ?? UTF16.EncodedScalar() {
            bytes.append(contentsOf: #"\u"#.utf8)
            for shift in [12, 8, 4, 0] { bytes.append(uppercaseHexDigits[Int((unit >> UInt16(shift)) & 0x0F)]) }
        }
    }

    /// The scalar whose UTF-8 starts at `index` of `utf8` (a `String`'s, so well formed), and its length in bytes.
    private static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(utf8[index])
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = length == 1 ? lead : lead & (0xFF >> UInt32(length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
        // Well-formed UTF-8 always decodes to a scalar; U+FFFD only keeps a malformed buffer from trapping.
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}

private let lowercaseHexDigits: [UInt8] = Array("0123456789abcdef".utf8)
private let uppercaseHexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
