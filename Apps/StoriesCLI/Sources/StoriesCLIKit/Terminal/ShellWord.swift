/// A value written as one word of a POSIX shell command, for the commands the CLI suggests ("switch back with
/// `stories-cli switch … --account NAME`").
///
/// An account name comes from the server, and a person may paste the suggestion into a shell: `x $(touch f)` must
/// reach `--account` as one argument, not run. Words of only `A-Z a-z 0-9 @ % + = : , . / _ -` are left as they are,
/// unless they start with `=` (zsh expands `=name` to a command's path); anything else is single-quoted, each `'`
/// written as `'\''`. Call sites write `--account=WORD`, so that a word starting with `-` is not read as an option.
enum ShellWord {
    static func quoted(_ text: String) -> String {
        guard text.isEmpty || text.hasPrefix("=") || !text.unicodeScalars.allSatisfy(isPlain) else { return text }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "@", "%", "+", "=", ":", ",", ".", "/", "_", "-": true
        default: false
        }
    }
}
