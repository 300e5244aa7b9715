import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole lines to a file descriptor, several at once when they arrive together, and never holds one back.
///
/// The caller whose line finds no write under way writes it, then everything other callers appended meanwhile, until
/// nothing is pending; a caller whose line finds a write under way returns at once, and that writer takes the line
/// with its next batch. So a quiet server writes each line as it comes, a busy one writes fewer, larger batches, and
/// a line is in the file by the time every `writeLine(_:)` has returned — there is nothing left to flush at shutdown.
/// Lines never interleave: one writer at a time, and each batch ends with a whole line.
public final class LineWriter: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var isWriting = false
    }

    private let descriptor: Int32
    private let state = Mutex(State())

    /// - Parameter descriptor: stays open for the writer's lifetime; the writer does not close it.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Appends `line` and a newline.
    public func writeLine(_ line: String) {
        var batch: [UInt8]? = state.withLock { state in
            state.pending.append(contentsOf: line.utf8)
            state.pending.append(UInt8(ascii: "\n"))
            guard !state.isWriting else { return nil }
            state.isWriting = true
            return Self.take(&state.pending)
        }
        while let bytes = batch {
            writeAll(bytes)
            batch = state.withLock { state in
                guard !state.pending.isEmpty else {
                    state.isWriting = false
                    return nil
                }
                return Self.take(&state.pending)
            }
        }
    }

    private static func take(_ pending: inout [UInt8]) -> [UInt8] {
        var taken: [UInt8] = []
        taken.reserveCapacity(pending.capacity)
        swap(&taken, &pending)
        return taken
    }

    /// Writes all of `bytes`, resuming after partial writes and interruptions. On any other failure (a closed pipe,
    /// a full disk) the rest of the batch is dropped: a log line is not worth stopping the server for.
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, start + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
