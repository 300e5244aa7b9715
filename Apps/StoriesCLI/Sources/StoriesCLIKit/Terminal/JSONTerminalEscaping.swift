/// Escapes, in JSON text, the characters `JSONEncoder` leaves raw that a terminal would obey: DEL, the C1 controls
/// (U+0080–U+009F, which include 8-bit CSI and OSC), the bidi controls and the Unicode line separators. They can only
/// occur inside JSON strings, where `\uXXXX` means the same character, so the document decodes to the same values
/// and `--json | cat` cannot drive a terminal.
enum JSONTerminalEscaping {
    static func escape(_ json: String) -> String {
        // Every scalar escaped here is U+007F or above: text of bytes below 0x7F has none, and is checked fastest.
        guard json.utf8.contains(where: { $0 >= 0x7F }), json.unicodeScalars.contains(where: needsEscaping) else {
            return json
        }
        var output = ""
        output.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if needsEscaping(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
