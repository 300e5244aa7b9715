import Subprocess
import Synchronization

/// One output stream of a child process, collected as it arrives: tests read it so far (`text`), wait for a marker
/// in it (`waitFor`), or wait for all of it (`finish`).
///
/// `StartedProcess` feeds it from swift-subprocess's output sequence, which ends at the end of the output or, once
/// the child has ended, after whatever the pipe still holds: a process the child started cannot keep it open, and the
/// last bytes the child wrote are never lost.
public final class OutputCollector: Sendable {
    private let state = Mutex(State())

    private struct State {
        var output: [UInt8] = []
        var ended = false
        var markerWaiters: [(marker: String, continuation: CheckedContinuation<Bool, Never>)] = []
        var endWaiters: [CheckedContinuation<Void, Never>] = []
    }

    init() {}

    /// Appends everything `sequence` yields, then ends the output, also when reading fails.
    func collect(_ sequence: SubprocessOutputSequence) async throws {
        defer { end() }
        for try await buffer in sequence {
            append(buffer.withUnsafeBytes { Array($0) })
        }
    }

    /// Appends `bytes` and wakes the waiters for markers now in the output.
    func append(_ bytes: [UInt8]) {
        let found = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.output.append(contentsOf: bytes)
            // Decoded only for a waiter: a chatty child would otherwise cost a decoding of all its output per chunk.
            guard !state.markerWaiters.isEmpty else { return [] }
            let text = String(decoding: state.output, as: UTF8.self)
            defer { state.markerWaiters.removeAll { text.contains($0.marker) } }
            return state.markerWaiters.filter { text.contains($0.marker) }.map(\.continuation)
        }
        found.forEach { $0.resume(returning: true) }
    }

    /// Marks the output complete: a marker not in it now never will be, and every waiter is answered.
    func end() {
        let (missed, endWaiters) = state.withLock { state in
            state.ended = true
            defer {
                state.markerWaiters = []
                state.endWaiters = []
            }
            return (state.markerWaiters.map(\.continuation), state.endWaiters)
        }
        missed.forEach { $0.resume(returning: false) }
        endWaiters.forEach { $0.resume() }
    }

    /// Everything read so far.
    public var text: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }

    /// Suspends until the output contains `marker` (`true`) or ends without it (`false`).
    @discardableResult
    public func waitFor(_ marker: String) async -> Bool {
        await withCheckedContinuation { continuation in
            let known = state.withLock { state -> Bool? in
                if String(decoding: state.output, as: UTF8.self).contains(marker) { return true }
                if state.ended { return false }
                state.markerWaiters.append((marker, continuation))
                return nil
            }
            if let known { continuation.resume(returning: known) }
        }
    }

    /// Waits for the end of the output, then returns all of it.
    public func finish() async -> String {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state -> Bool in
                if state.ended { return true }
                state.endWaiters.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
        return text
    }
}
