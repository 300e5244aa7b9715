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
/// A thread of its own reads the pipe with blocking `read(2)` calls until the end of the output. Foundation's
/// `FileHandle.readabilityHandler` is not used: on Linux its dispatch read sources crashed the test process in
/// libdispatch's event loop once many pipes opened and closed side by side (`ChildProcessOutputTests` reproduces it).
public final class OutputCollector: Sendable {
    public let pipe = Pipe()
    private let state = Mutex(State())

    private struct State {
        var output = Data()
        var ended = false
        var markerWaiters: [(marker: String, continuation: CheckedContinuation<Bool, Never>)] = []
        var endWaiters: [CheckedContinuation<Void, Never>] = []
    }

    public init() {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        // The thread keeps the collector, and with it the pipe's reading end, alive until the output ends.
        let reader = Thread { self.read(from: descriptor) }
        reader.name = "OutputCollector"
        reader.start()
    }

    private func read(from descriptor: Int32) {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            // An error other than EINTR ends the output as the end of the file does: nothing more can be read.
            guard count > 0 else { break }
            receive(chunk[..<count])
        }
        let (endWaiters, markerWaiters) = state.withLock { state in
            state.ended = true
            defer {
                state.endWaiters = []
                state.markerWaiters = []
            }
            return (state.endWaiters, state.markerWaiters)
        }
        endWaiters.forEach { $0.resume() }
        // The output is complete: a marker not in it now never will be.
        markerWaiters.forEach { $0.continuation.resume(returning: false) }
    }

    private func receive(_ chunk: ArraySlice<UInt8>) {
        let ready = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.output.append(contentsOf: chunk)
            let text = String(decoding: state.output, as: UTF8.self)
            let matched = state.markerWaiters.filter { text.contains($0.marker) }.map(\.continuation)
            state.markerWaiters.removeAll { text.contains($0.marker) }
            return matched
        }
        ready.forEach { $0.resume(returning: true) }
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
