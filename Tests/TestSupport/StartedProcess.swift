import Foundation
import Subprocess
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process the test keeps running while it acts on it: sends it signals, reads its standard output and
/// error as they arrive, and learns how it ended.
///
/// swift-subprocess starts it as a shell would: every signal at its default action and none blocked, no descriptor of
/// the test process besides its standard input, output and error, and in a process group of its own.
public final class StartedProcess: Sendable {
    /// How a process ended.
    public typealias Termination = TerminationStatus

    public let standardOutput: OutputCollector
    public let standardError: OutputCollector
    public let processIdentifier: Int32
    private let signals: ChildSignals
    private let run: Task<Termination, any Error>

    private init(
        standardOutput: OutputCollector, standardError: OutputCollector, processIdentifier: Int32,
        signals: ChildSignals, run: Task<Termination, any Error>
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.processIdentifier = processIdentifier
        self.signals = signals
        self.run = run
    }

    /// Starts `executable` with `arguments`, and returns once it runs. Its standard input holds `input` (empty unless
    /// given); its standard output goes to `standardOutput` when given (then the collector stays empty), to the
    /// collector otherwise. Its environment is the test process's, with `environment` on top.
    public static func start(
        _ executable: URL,
        _ arguments: [String],
        input: String = "",
        standardOutput redirectedOutput: FileHandle? = nil,
        environment: [String: String] = [:]
    ) async throws -> StartedProcess {
        try await start(
            executable, arguments, input: input, output: redirectedOutput.map { .redirected($0) } ?? .separate,
            environment: environment)
    }

    /// Where the child's standard output and error go.
    enum OutputRouting {
        /// Each to its own collector.
        case separate
        /// Standard output to the file, standard error to its collector.
        case redirected(FileHandle)
        /// Both to the standard output collector, in the order written, as a terminal shows them.
        case combined
    }

    static func start(
        _ executable: URL, _ arguments: [String], input: String, output routing: OutputRouting,
        environment: [String: String]
    ) async throws -> StartedProcess {
        var options = PlatformOptions()
        // Its own process group (0: the child's own process identifier), as a shell starts a job.
        options.processGroupID = 0
        let configuration = Configuration(
            executable: .path(.init(executable.path)),
            arguments: Arguments(arguments),
            environment: .inherit.updating(
                Dictionary(uniqueKeysWithValues: environment.map { (.init(stringLiteral: $0.key), $0.value) })),
            platformOptions: options)
        // Written whole before the child starts, so a child that ends without reading cannot turn the write into
        // EPIPE (or SIGPIPE); the input must fit in the pipe's buffer (64 KiB), as every test's does. This process
        // closes its reading end once the child has its own copy.
        let standardInput = Pipe()
        defer { try? standardInput.fileHandleForReading.close() }
        try standardInput.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let inputEnd: FileDescriptorInput = .fileDescriptor(
            .init(rawValue: standardInput.fileHandleForReading.fileDescriptor), closeAfterSpawningProcess: false)

        switch routing {
        case .separate:
            return try await launch(configuration, input: inputEnd, output: .sequence, error: .sequence) {
                execution, output, error in
                async let collectedOutput: Void = output.collect(execution.standardOutput)
                async let collectedError: Void = error.collect(execution.standardError)
                _ = try await (collectedOutput, collectedError)
            }
        case .redirected(let file):
            let fileEnd: FileDescriptorOutput = .fileDescriptor(
                .init(rawValue: file.fileDescriptor), closeAfterSpawningProcess: false)
            return try await launch(configuration, input: inputEnd, output: fileEnd, error: .sequence) {
                execution, output, error in
                output.end()
                try await error.collect(execution.standardError)
            }
        case .combined:
            return try await launch(
                configuration, input: inputEnd, output: .sequence, error: .combinedWithOutput
            ) { execution, output, error in
                error.end()
                try await output.collect(execution.standardOutput)
            }
        }
    }

    /// Runs the child with swift-subprocess in a task of its own, and returns once it has started.
    ///
    /// `run`'s body lasts until the child has ended and `collect` has read its output: only while the body runs does
    /// swift-subprocess leave the child unreaped and its process descriptor open, so only then may a signal be sent.
    private static func launch<Output: OutputProtocol, Error: ErrorOutputProtocol>(
        _ configuration: Configuration,
        input: FileDescriptorInput,
        output: Output,
        error: Error,
        collect:
            @escaping @Sendable (
                Execution<FileDescriptorInput, Output, Error>, _ output: OutputCollector, _ error: OutputCollector
            ) async throws -> Void
    ) async throws -> StartedProcess {
        let standardOutput = OutputCollector()
        let standardError = OutputCollector()
        let signals = ChildSignals()
        let (started, reportStart) = AsyncStream.makeStream(of: Int32.self)
        let run = Task {
            defer {
                reportStart.finish()
                // A child that never started wrote nothing: its output has ended.
                standardOutput.end()
                standardError.end()
            }
            let result = try await Subprocess.run(configuration, input: input, output: output, error: error) {
                execution in
                signals.attach { signal in try execution.send(signal: signal) }
                defer { signals.detach() }
                reportStart.yield(execution.processIdentifier.value)
                async let collected: Void = collect(execution, standardOutput, standardError)
                await ChildExit.wait(for: execution.processIdentifier.value)
                try await collected
            }
            return result.terminationStatus
        }
        for await processIdentifier in started {
            return StartedProcess(
                standardOutput: standardOutput, standardError: standardError, processIdentifier: processIdentifier,
                signals: signals, run: run)
        }
        // Not started: `run` threw why before it ran the body.
        _ = try await run.value
        preconditionFailure("swift-subprocess's run returned without running its body")
    }

    /// Sends `signal` to the process, unless it has already ended (its process identifier may belong to another
    /// process by then).
    public func send(_ signal: Int32) {
        signals.send(Signal(rawValue: signal))
    }

    /// Waits for the process to end. Throws when swift-subprocess could not watch it or read its output.
    public func termination() async throws -> Termination {
        try await run.value
    }

    /// Waits until standard error contains `marker` (`true`) or the process ends without it (`false`).
    public func waitForError(_ marker: String) async -> Bool {
        await standardError.waitFor(marker)
    }
}

/// The way to signal a running child: swift-subprocess's `Execution`, which is valid only inside `run`'s body.
private final class ChildSignals: Sendable {
    private let sender = Mutex<(@Sendable (Signal) throws -> Void)?>(nil)

    func attach(_ send: @escaping @Sendable (Signal) throws -> Void) {
        sender.withLock { $0 = send }
    }

    /// From now on signals go nowhere: swift-subprocess is about to reap the child and close its process descriptor,
    /// whose number, like the process identifier, may then be handed to another process.
    func detach() {
        sender.withLock { $0 = nil }
    }

    func send(_ signal: Signal) {
        // Under the lock, so that `detach`, and with it the reaping, waits until the signal is sent. A child that
        // has just ended is still a zombie here: the signal goes nowhere, which is not an error.
        sender.withLock { send in try? send?(signal) }
    }
}

/// Waits for a child to end without reaping it.
///
/// swift-subprocess has no way to wait for the end inside `run`'s body (it watches the child itself, and reports the
/// end when the body has returned), so a thread of its own waits with `waitid(WNOWAIT)`, which leaves the child for
/// swift-subprocess to reap.
private enum ChildExit {
    static func wait(for processIdentifier: pid_t) async {
        await withCheckedContinuation { continuation in
            let waiter = Thread {
                var information = siginfo_t()
                while waitid(P_PID, id_t(processIdentifier), &information, WEXITED | WNOWAIT) == -1, errno == EINTR {}
                continuation.resume()
            }
            waiter.name = "ChildExit \(processIdentifier)"
            waiter.start()
        }
    }
}
