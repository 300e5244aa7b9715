import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads what the user types. Passwords are never accepted as arguments, where other users could read them in the
/// process list: they come from a no-echo prompt or from standard input.
public struct UserInput: Sendable {
    /// Whether a person can answer prompts (stdin is a terminal).
    var isInteractive: Bool
    /// Reads one line from standard input, without the newline.
    var readLine: @Sendable () -> String?
    /// Shows a prompt and reads a line without echo.
    var readSecret: @Sendable (_ prompt: String) -> String?
    /// Shows a prompt and reads a line with echo.
    var readVisible: @Sendable (_ prompt: String) -> String?
    /// Reads the rest of standard input as bytes, at most `limit` + 1 of them (`api --input -`); `nil` when reading
    /// fails.
    var readBytes: @Sendable (_ limit: Int) -> [UInt8]?

    public init(
        isInteractive: Bool,
        readLine: @escaping @Sendable () -> String?,
        readSecret: @escaping @Sendable (String) -> String?,
        readVisible: @escaping @Sendable (String) -> String?,
        readBytes: @escaping @Sendable (_ limit: Int) -> [UInt8]? = { _ in nil }
    ) {
        self.isInteractive = isInteractive
        self.readLine = readLine
        self.readSecret = readSecret
        self.readVisible = readVisible
        self.readBytes = readBytes
    }

    /// The process's terminal.
    static var terminal: UserInput {
        UserInput(
            isInteractive: isatty(STDIN_FILENO) == 1,
            readLine: { Swift.readLine(strippingNewline: true) },
            readSecret: { prompt in SecretPrompt.read(prompt: prompt) },
            readVisible: { prompt in
                FileHandle.standardError.write(Data(prompt.utf8))
                return Swift.readLine(strippingNewline: true)
            },
            readBytes: { limit in APIInputFile.read(descriptor: STDIN_FILENO, upTo: limit) }
        )
    }
}
