import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command's output goes. Commands never touch stdout or stderr directly, so tests capture what they say.
public protocol OutputWriting: Sendable {
    /// Whether standard output is a terminal: human layout and, unless `NO_COLOR` is set, colour.
    var usesColor: Bool { get }
    func write(_ text: String)
    func writeError(_ text: String)
}

/// The process's standard output and standard error.
struct StandardOutput: OutputWriting {
    let usesColor: Bool

    init(environment: [String: String]) {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        usesColor = isatty(STDOUT_FILENO) == 1 && !noColor && environment["TERM"] != "dumb"
    }

    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Reads what the user types: passwords never as arguments (requirement F2).
public struct UserInput: Sendable {
    /// Whether a person can answer prompts (stdin is a terminal).
    public var isInteractive: Bool
    /// Reads one line from standard input, without the newline.
    public var readLine: @Sendable () -> String?
    /// Shows a prompt and reads a line without echo.
    public var readSecret: @Sendable (_ prompt: String) -> String?
    /// Shows a prompt and reads a line with echo.
    public var readVisible: @Sendable (_ prompt: String) -> String?

    public init(
        isInteractive: Bool,
        readLine: @escaping @Sendable () -> String?,
        readSecret: @escaping @Sendable (String) -> String?,
        readVisible: @escaping @Sendable (String) -> String?
    ) {
        self.isInteractive = isInteractive
        self.readLine = readLine
        self.readSecret = readSecret
        self.readVisible = readVisible
    }

    /// The process's terminal.
    static var terminal: UserInput {
        UserInput(
            isInteractive: isatty(STDIN_FILENO) == 1,
            readLine: { Swift.readLine(strippingNewline: true) },
            readSecret: { prompt in
                // getpass(3) reads from /dev/tty with echo off and restores the terminal afterwards.
                guard let line = getpass(prompt) else { return nil }
                return String(cString: line)
            },
            readVisible: { prompt in
                FileHandle.standardError.write(Data(prompt.utf8))
                return Swift.readLine(strippingNewline: true)
            }
        )
    }
}
