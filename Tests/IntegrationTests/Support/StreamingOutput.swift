import Foundation
import Synchronization

@testable import StoriesCLIKit

/// Captures what a command writes and lets the test wait for standard error to show something, while the command
/// is still running (it waits on what the command writes, never on time).
final class StreamingOutput: OutputWriting {
    private let buffers = Mutex((standard: "", error: ""))
    private let errorChunks: AsyncStream<String>
    private let sink: AsyncStream<String>.Continuation
    let usesColor = false
    let lineWidth: Int? = nil
    let showsProgress = false

    init() {
        (errorChunks, sink) = AsyncStream.makeStream(of: String.self)
    }

    var standard: String { buffers.withLock { $0.standard } }
    var error: String { buffers.withLock { $0.error } }

    func write(_ text: String) throws(StandardOutputError) {
        buffers.withLock { $0.standard += text }
    }

    func writeError(_ text: String) {
        buffers.withLock { $0.error += text }
        sink.yield(text)
    }

    /// Call when the command has returned: a wait for text that never came ends.
    func finish() { sink.finish() }

    /// The two captures of `pattern`'s first match in standard error, as soon as there is one; `nil` if the command
    /// ended first. Call once: it consumes what was written.
    func firstErrorCaptures(_ pattern: Regex<(Substring, Substring, Substring)>) async -> (String, String)? {
        var seen = ""
        for await chunk in errorChunks {
            seen += chunk
            if let match = seen.firstMatch(of: pattern) { return (String(match.1), String(match.2)) }
        }
        return nil
    }
}
