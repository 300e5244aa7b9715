import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process the test keeps running while it acts on it: sends it signals, reads its standard error as it
/// arrives, and learns how it ended.
public struct StartedProcess: Sendable {
    /// How a process ended.
    public enum Termination: Sendable, Equatable {
        case exited(Int32)
        /// Ended by the signal's default action (a shell reports 128 + the signal's number).
        case signalled(Int32)

        /// The exit status, or the number of the signal that ended the process.
        public var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }
    }

    public let processIdentifier: Int32
    public let standardOutput: OutputCollector
    public let standardError: OutputCollector
    private let ending: Task<Termination, Never>

    /// Starts `executable` with `arguments`. Its standard input holds `input` (empty unless given); its standard
    /// output goes to `standardOutput` when given (then the collector stays empty), to the collector otherwise.
    public static func start(
        _ executable: URL,
        _ arguments: [String],
        input: String = "",
        standardOutput redirectedOutput: FileHandle? = nil,
        environment: [String: String] = [:]
    ) throws -> StartedProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let standardInput = Pipe()
        process.standardInput = standardInput
        let standardOutput = OutputCollector()
        if let redirectedOutput {
            process.standardOutput = redirectedOutput
            // Nothing writes to the collector: closing its writing end lets it read an empty output to the end.
            try standardOutput.pipe.fileHandleForWriting.close()
        } else {
            process.standardOutput = standardOutput.pipe
        }
        let standardError = OutputCollector()
        process.standardError = standardError.pipe
        let (endings, ended) = AsyncStream.makeStream(of: Termination.self)
        process.terminationHandler = { process in
            let status = process.terminationStatus
            ended.yield(process.terminationReason == .uncaughtSignal ? .signalled(status) : .exited(status))
            ended.finish()
        }
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let ending = Task {
            for await termination in endings { return termination }
            return Termination.exited(-1)
        }
        return StartedProcess(
            processIdentifier: process.processIdentifier, standardOutput: standardOutput, standardError: standardError,
            ending: ending)
    }

    /// Sends `signal` to the process.
    public func send(_ signal: Int32) {
        kill(processIdentifier, signal)
    }

    /// Waits for the process to end.
    public func termination() async -> Termination {
        await ending.value
    }

    /// Waits until standard error contains `marker` (`true`) or the process ends without it (`false`).
    public func waitForError(_ marker: String) async -> Bool {
        let (firsts, first) = AsyncStream.makeStream(of: Bool.self)
        // Unstructured: the loser of the two waits is left suspended rather than awaited (a marker that never comes
        // would never resume it).
        Task {
            await standardError.waitFor(marker)
            first.yield(true)
        }
        Task {
            _ = await ending.value
            first.yield(standardError.text.contains(marker))
        }
        for await outcome in firsts { return outcome }
        return false
    }
}
