/// How many terminal columns text takes, and how to cut it to fit: by whole grapheme clusters, so a cut never splits
/// an accented letter, a flag or a family emoji, and never inside an escape sequence (it is applied to plain text,
/// before colour codes are added).
enum TerminalColumns {
    /// Columns `text` takes: wide East Asian characters and emoji take two.
    static func width(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.isEmojiPresentation || character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return first.properties.generalCategory == .nonspacingMark ? 0 : 1
        }
    }

    /// `text` if it fits in `columns`, else as many whole characters as fit followed by "…".
    static func truncate(_ text: String, toFit columns: Int) -> String {
        guard width(of: text) > columns else { return text }
        guard columns >= 1 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            guard used + next <= columns - 1 else { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }
}
