/// A value written as one word of a POSIX shell command, for the commands the CLI suggests ("switch back with
/// `stories-cli switch … --account NAME`").
///
/// An account name comes from the server, and a person may paste the suggestion into a shell: `x $(touch f)` must
/// reach `--account` as one argument, not run. Words of only `A-Z a-z 0-9 @ % + = : , . / _ -` are left as they are;
/// anything else is single-quoted, each `'` written as `'\''`.
enum ShellWord {
    static func quoted(_ text: String) -> String {
        guard text.isEmpty || !text.unicodeScalars.allSatisfy(isPlain) else { return text }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "@", "%", "+", "=", ":", ",", ".", "/", "_", "-": true
        default: false
        }
    }
}
