/// Escape codes, used only when the output is a terminal and `NO_COLOR` is unset.
enum ANSI {
    static func bold(_ text: String, enabled: Bool) -> String { enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    static func dim(_ text: String, enabled: Bool) -> String { enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
