import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs an executable to its end and collects its output, without blocking a cooperative thread.
public enum ChildProcess {
    public struct Result: Sendable {
        /// The exit status, or the number of the signal that ended the process.
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Runs `executable` with `arguments`, feeding `input` to its standard input, and waits for it to exit. With
    /// `standardOutput`, the output goes there and the result's `standardOutput` is empty.
    public static func run(
        _ executable: URL,
        _ arguments: [String],
        input: String = "",
        standardOutput: FileHandle? = nil,
        environment: [String: String] = [:]
    ) async throws -> Result {
        let process = try StartedProcess.start(
            executable, arguments, input: input, standardOutput: standardOutput, environment: environment)
        let termination = await process.termination()
        return Result(
            status: termination.status, standardOutput: await process.standardOutput.finish(),
            standardError: await process.standardError.finish())
    }
}

/// Drains a pipe as data arrives, so a chatty child never blocks on a full pipe.
///
/// A thread of its own waits for the pipe with `poll(2)` and reads it until the end of the output. Foundation's
/// `FileHandle.readabilityHandler` is not used: on Linux its dispatch read sources crashed the test process in
/// libdispatch's event loop once many pipes opened and closed side by side (`ChildProcessOutputTests` reproduces it).
///
/// Every read happens under the collector's lock, with the pipe non-blocking, so `drainedText()` can take what is left
/// in the pipe at once: no chunk is ever read but not yet in `text`.
public final class OutputCollector: Sendable {
    public let pipe = Pipe()
    private let descriptor: Int32
    private let state = Mutex(State())

    private struct State {
        var output = Data()
        var ended = false
        var markerWaiters: [(marker: String, continuation: CheckedContinuation<Bool, Never>)] = []
        var endWaiters: [CheckedContinuation<Void, Never>] = []
    }

    public init() {
        descriptor = pipe.fileHandleForReading.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        // The thread keeps the collector, and with it the pipe's reading end, alive until the output ends.
        let reader = Thread { self.readUntilTheEnd() }
        reader.name = "OutputCollector"
        reader.start()
    }

    private func readUntilTheEnd() {
        var readiness = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            if poll(&readiness, 1, -1) < 0, errno != EINTR { break }
            if readAvailable() { return }
        }
        // poll failed for another reason than a signal: nothing more can be read.
        state.withLock { $0.ended = true }
        resumeWaiters(afterEnd: true)
    }

    /// Reads everything the pipe holds now, and wakes the waiters it satisfies. Returns whether the output ended.
    @discardableResult
    private func readAvailable() -> Bool {
        let ended = state.withLock { state -> Bool in
            guard !state.ended else { return true }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    state.output.append(contentsOf: chunk[..<count])
                } else if count < 0, errno == EINTR {
                    continue
                } else if count < 0, errno == EAGAIN {
                    return false
                } else {
                    // The end of the file, or an error after which nothing more can be read.
                    state.ended = true
                    return true
                }
            }
        }
        resumeWaiters(afterEnd: ended)
        return ended
    }

    /// Wakes the waiters for a marker now in the output and, once the output has ended, every other waiter.
    private func resumeWaiters(afterEnd ended: Bool) {
        typealias Waiters = (
            found: [CheckedContinuation<Bool, Never>], missed: [CheckedContinuation<Bool, Never>],
            endWaiters: [CheckedContinuation<Void, Never>]
        )
        let (found, missed, endWaiters) = state.withLock { state -> Waiters in
            var found: [CheckedContinuation<Bool, Never>] = []
            // Decoded only for a waiter: a chatty child would otherwise cost a decoding of all its output per chunk.
            if !state.markerWaiters.isEmpty {
                let text = String(decoding: state.output, as: UTF8.self)
                found = state.markerWaiters.filter { text.contains($0.marker) }.map(\.continuation)
                state.markerWaiters.removeAll { text.contains($0.marker) }
            }
            guard ended else { return (found, [], []) }
            // The output is complete: a marker not in it now never will be.
            defer {
                state.markerWaiters = []
                state.endWaiters = []
            }
            return (found, state.markerWaiters.map(\.continuation), state.endWaiters)
        }
        found.forEach { $0.resume(returning: true) }
        missed.forEach { $0.resume(returning: false) }
        endWaiters.forEach { $0.resume() }
    }

    /// Everything the pipe has held so far, read to its current end: once the writer has ended, all it wrote, even
    /// when a process it started still holds the pipe open.
    public func drainedText() -> String {
        readAvailable()
        return text
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

    /// Waits for the end of the output (every writer closed the pipe), then returns all of it.
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

/// Where `swift build` put the products: next to the test bundle.
public enum BuildProducts {
    public static func executable(named name: String) throws -> URL {
        var candidates: [URL] = []
        if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() { candidates.append(bundle) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug"))
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw MissingProduct(name: name, searched: candidates.map(\.path))
    }

    struct MissingProduct: Error, CustomStringConvertible {
        var name: String
        var searched: [String]
        var description: String { "\(name) not found in \(searched); run `swift build` first" }
    }
}
