/// Checks bytes against UTF-8's well-formed sequences (Unicode §3.9, table 3-7): no overlong forms, no surrogates,
/// nothing above U+10FFFF, no truncated sequence.
enum UTF8Validation {
    /// The index of the first byte in `start..<end` that begins or continues an ill-formed sequence, or nil.
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The length of the sequence, and the range its second byte must fall in.
            let length: Int
            let second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return index
            }
            guard end - index >= length, second.contains(bytes[index + 1]) else { return index }
            for continuation in index + 2..<index + length where !(0x80...0xBF).contains(bytes[continuation]) {
                return index
            }
            index += length
        }
        return nil
    }
}
