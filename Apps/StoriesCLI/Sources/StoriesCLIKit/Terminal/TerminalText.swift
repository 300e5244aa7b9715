/// Makes text a server sent safe to print on a terminal.
///
/// A terminal obeys what it prints: an escape sequence in a story title can clear the screen, rename the window,
/// or (with OSC 52) write the clipboard, and a bidi override can make `id 42` read as something else. So, in every
/// server-supplied string shown in the human layout:
/// - escape sequences — CSI (`ESC [` … final byte), OSC, DCS and the other string sequences (up to BEL or ST), the
///   two-character `ESC x` forms, and their 8-bit C1 introducers — are removed whole;
/// - line breaks and tabs become a space, so a string cannot break the layout it is printed in;
/// - every other control character (C0, DEL, C1) becomes U+FFFD, so that tampering stays visible;
/// - bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) are removed.
/// Everything else — accents, CJK, emoji, right-to-left letters — is kept as it is.
enum TerminalText {
    static func sanitize(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            switch scalar.value {
            case 0x1B:
                pending = skipEscapeSequence(&scalars)
            case 0x9B:
                pending = skipControlSequence(&scalars)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                pending = skipControlString(&scalars)
            case 0x0A, 0x0D, 0x09, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                output.append(" ")
            case 0x00...0x1F, 0x7F, 0x80...0x9F:
                output.append("\u{FFFD}")
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// After an ESC: skips the sequence it introduces. Returns a scalar read past the end that is not part of it.
    private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        guard let next = scalars.next() else { return nil }
        switch next {
        case "[": return skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_": return skipControlString(&scalars)
        default:
            // A two-character sequence (`ESC c` resets the terminal), or intermediates then a final byte.
            var current = next
            while (0x20...0x2F).contains(current.value) {
                guard let following = scalars.next() else { return nil }
                current = following
            }
            return (0x30...0x7E).contains(current.value) ? nil : current
        }
    }

    /// Skips a CSI's parameter and intermediate bytes and its final byte.
    private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x20...0x3F: continue
            case 0x40...0x7E: return nil
            default: return scalar
            }
        }
        return nil
    }

    /// Skips a control string (OSC, DCS, …) up to and including its terminator: BEL, ST (`ESC \`) or C1 ST.
    private static func skipControlString(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return nil
            case 0x1B:
                guard let next = scalars.next() else { return nil }
                if next == "\\" { return nil }
            default: continue
            }
        }
        return nil
    }
}
