/// Makes text that came from outside safe to show: no control or ANSI characters, no token-shaped values, bounded
/// length. Use it on anything a server or a transport wrote before it reaches a message or a log.
public enum Redaction {
    /// Runs of token alphabet at least this long that mix digits or letter cases are treated as secrets. Words,
    /// hosts and error codes (`unsupported_grant_type`) are not; opaque tokens (≥ 128 bits, base64 or hex) are.
    public static let tokenLikeLength = 20

    static func looksLikeToken(_ run: String) -> Bool {
        guard run.count >= tokenLikeLength else { return false }
        let hasDigit = run.contains(where: \.isNumber)
        let hasUpper = run.contains(where: \.isUppercase)
        let hasLower = run.contains(where: \.isLowercase)
        return hasDigit || (hasUpper && hasLower)
    }

    public static func sanitize(_ text: some StringProtocol, maxLength: Int = 200) -> String {
        var output = ""
        var run = ""
        func flushRun() {
            output += looksLikeToken(run) ? "<redacted>" : run
            run = ""
        }
        for character in text {
            if character.isASCII, character.isLetter || character.isNumber || "-._~+/=".contains(character) {
                run.append(character)
                continue
            }
            flushRun()
            if character.unicodeScalars.allSatisfy({
                !$0.properties.isDefaultIgnorableCodePoint && $0.value >= 0x20 && $0.value != 0x7F
                    && !(0x80...0x9F).contains($0.value)
            }) {
                output.append(character)
            } else {
                output.append(" ")
            }
        }
        flushRun()
        return output.count > maxLength ? String(output.prefix(maxLength)) + "…" : output
    }
}
