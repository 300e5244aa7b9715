import StoriesCLIKit
import Synchronization

extension UserInput {
    /// Input for scripts: not a terminal, standard input holds `lines`.
    public static func piped(_ lines: [String]) -> UserInput {
        let remaining = Mutex(lines)
        return UserInput(
            isInteractive: false,
            readLine: { remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
            readSecret: { _ in nil },
            readVisible: { _ in nil }
        )
    }
}
