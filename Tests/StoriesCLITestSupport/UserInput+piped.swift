import StoriesCLIKit
import Synchronization

extension UserInput {
    /// Input for scripts: not a terminal, standard input holds `lines` (each ended by a newline when read as bytes).
    public static func piped(_ lines: [String]) -> UserInput {
        let remaining = Mutex(lines)
        return UserInput(
            isInteractive: false,
            readLine: { remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
            readSecret: { _ in nil },
            readVisible: { _ in nil },
            readBytes: { limit in
                let text = remaining.withLock { lines in
                    defer { lines.removeAll() }
                    return lines.map { $0 + "\n" }.joined()
                }
                return Array(text.utf8.prefix(limit + 1))
            }
        )
    }
}
