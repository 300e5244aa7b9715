import APIClient

/// Placeholder until the terminal sanitiser lands: strips control characters through `Redaction`.
enum TerminalText {
    static func sanitize(_ text: String) -> String {
        Redaction.sanitize(text, maxLength: 300)
    }
}
