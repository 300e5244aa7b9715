import Foundation
import ProcessSpawning

#if canImport(Glibc)
    import Glibc
#endif

/// A child process the test keeps running while it acts on it: sends it signals, reads its standard error as it
/// arrives, and learns how it ended.
public struct StartedProcess: Sendable {
    /// How a process ended.
    public typealias Termination = ChildTermination

    public let standardOutput: OutputCollector
    public let standardError: OutputCollector
    private let child: SpawnedChild

    public var processIdentifier: Int32 { child.processIdentifier }

    /// Starts `executable` with `arguments`. Its standard input holds `input` (empty unless given); its standard
    /// output goes to `standardOutput` when given (then the collector stays empty), to the collector otherwise. Its
    /// environment is the test process's, with `environment` on top.
    public static func start(
        _ executable: URL,
        _ arguments: [String],
        input: String = "",
        standardOutput redirectedOutput: FileHandle? = nil,
        environment: [String: String] = [:]
    ) throws -> StartedProcess {
        let standardInput = Pipe()
        let standardOutput = OutputCollector()
        let standardError = OutputCollector()
        // The child gets its own copies. Closing ours lets each collector read to the end once the child's copies
        // close, and ends the collectors' reading threads if the child never started (with a redirected output,
        // nothing writes to the collector, and it reads an empty output at once).
        func closeChildEnds() {
            try? standardInput.fileHandleForReading.close()
            try? standardOutput.pipe.fileHandleForWriting.close()
            try? standardError.pipe.fileHandleForWriting.close()
        }
        let child: SpawnedChild
        do {
            child = try SpawnedChild(
                executable, arguments,
                environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
                standardInput: standardInput.fileHandleForReading.fileDescriptor,
                standardOutput: (redirectedOutput ?? standardOutput.pipe.fileHandleForWriting).fileDescriptor,
                standardError: standardError.pipe.fileHandleForWriting.fileDescriptor)
        } catch {
            closeChildEnds()
            throw error
        }
        defer { closeChildEnds() }
        // Written while this process still holds the reading end, so a child that ends without reading cannot turn
        // the write into EPIPE (or SIGPIPE). The input must fit in the pipe's buffer (64 KiB); every test's does.
        if !input.isEmpty { try standardInput.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
        try standardInput.fileHandleForWriting.close()
        return StartedProcess(standardOutput: standardOutput, standardError: standardError, child: child)
    }

    /// Sends `signal` to the process, unless it has already ended.
    public func send(_ signal: Int32) {
        child.send(signal)
    }

    /// Waits for the process to end.
    public func termination() async -> Termination {
        await child.termination()
    }

    /// Waits until standard error contains `marker` (`true`) or the process ends without it (`false`).
    public func waitForError(_ marker: String) async -> Bool {
        let (firsts, first) = AsyncStream.makeStream(of: Bool.self)
        // Unstructured: the loser of the two waits is left suspended rather than awaited (a marker that never comes
        // would never resume it).
        Task {
            first.yield(await standardError.waitFor(marker))
        }
        Task {
            _ = await child.termination()
            // Everything the process wrote is in the pipe by now, and a process it started may keep the pipe open.
            first.yield(standardError.drainedText().contains(marker))
        }
        for await outcome in firsts { return outcome }
        return false
    }
}
