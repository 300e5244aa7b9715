import Foundation
import Synchronization

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
            status: termination.status, standardOutput: process.standardOutput.finish(),
            standardError: process.standardError.finish())
    }
}

/// Drains a pipe as data arrives, so a chatty child never blocks on a full pipe.
public final class OutputCollector: Sendable {
    public let pipe = Pipe()
    private let buffer = Mutex(Data())
    private let observers = Mutex([(String, CheckedContinuation<Void, Never>)]())

    public init() {
        // The handler keeps the collector alive until the pipe closes (then it removes itself).
        pipe.fileHandleForReading.readabilityHandler = { handle in self.receive(handle) }
    }

    private func receive(_ handle: FileHandle) {
        let chunk = handle.availableData
        guard !chunk.isEmpty else {
            handle.readabilityHandler = nil
            return
        }
        let text = buffer.withLock { data -> String in
            data.append(chunk)
            return String(decoding: data, as: UTF8.self)
        }
        let ready = observers.withLock { pending -> [CheckedContinuation<Void, Never>] in
            let matched = pending.filter { text.contains($0.0) }.map(\.1)
            pending.removeAll { text.contains($0.0) }
            return matched
        }
        ready.forEach { $0.resume() }
    }

    /// Everything read so far.
    public var text: String { buffer.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Suspends until the output contains `marker`.
    public func waitFor(_ marker: String) async {
        await withCheckedContinuation { continuation in
            let alreadyThere = observers.withLock { pending -> Bool in
                if text.contains(marker) { return true }
                pending.append((marker, continuation))
                return false
            }
            if alreadyThere { continuation.resume() }
        }
    }

    /// Reads whatever is left after the process exited.
    public func finish() -> String {
        pipe.fileHandleForReading.readabilityHandler = nil
        let rest = pipe.fileHandleForReading.readDataToEndOfFile()
        buffer.withLock { $0.append(rest) }
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
