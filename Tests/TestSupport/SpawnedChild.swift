import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn(3)`, whose end a thread of its own waits for.
///
/// Foundation's `Process` is not used: on Linux, `Process.run()` copies each `/proc/self/fd` entry's name as a fixed
/// 256-byte field, reading past the end of the directory buffer, and it crashed the test process in `memcpy` once many
/// descriptors were open (`ChildProcessOutputTests` reproduces it). Spawning directly also starts each child as a
/// shell would: no signal blocked, every signal at its default action, in a process group of its own, and with no
/// descriptor of the test process besides the three it is given.
public final class SpawnedChild: Sendable {
    public let processIdentifier: pid_t
    private let state = Mutex(State())

    private struct State {
        var termination: StartedProcess.Termination?
        var suspendedTasks: [CheckedContinuation<StartedProcess.Termination, Never>] = []
        var blockedThreads: [DispatchSemaphore] = []
    }

    /// Starts `executable` with `arguments` and exactly `environment`. The descriptors become the child's standard
    /// output and error; its standard input is `standardInput`, or `/dev/null` without one. The caller keeps its own
    /// copies of the descriptors and closes them.
    public init(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String],
        standardInput: Int32?,
        standardOutput: Int32,
        standardError: Int32
    ) throws {
        processIdentifier = try Self.spawn(
            executable, arguments, environment: environment,
            descriptors: (standardInput, standardOutput, standardError))
        let watcher = Thread { self.waitForExit() }
        watcher.name = "SpawnedChild \(processIdentifier)"
        watcher.start()
    }

    /// Sends `signal` to the child, unless it has already ended (its process identifier may belong to another process
    /// by then).
    public func send(_ signal: Int32) {
        state.withLock { state in
            // The watcher reaps the child only while holding this lock, so the identifier is still the child's here.
            if state.termination == nil { kill(processIdentifier, signal) }
        }
    }

    /// Suspends until the child has ended, and tells how.
    public func termination() async -> StartedProcess.Termination {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state -> StartedProcess.Termination? in
                if let termination = state.termination { return termination }
                state.suspendedTasks.append(continuation)
                return nil
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }

    /// Blocks the calling thread until the child has ended, for synchronous callers such as `defer` blocks.
    @discardableResult
    public func waitUntilExit() -> StartedProcess.Termination {
        let ended = DispatchSemaphore(value: 0)
        let termination = state.withLock { state -> StartedProcess.Termination? in
            if state.termination == nil { state.blockedThreads.append(ended) }
            return state.termination
        }
        if let termination { return termination }
        ended.wait()
        return state.withLock { $0.termination } ?? .exited(-1)
    }

    private func waitForExit() {
        // Wait without reaping, so that `send(_:)` never signals a process identifier the system has handed on.
        var information = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &information, WEXITED | WNOWAIT) == -1, errno == EINTR {}
        let (termination, tasks, threads) = state.withLock { state in
            var status: Int32 = 0
            let reaped = waitpid(processIdentifier, &status, 0) == processIdentifier
            // -1 stands for "unknown": only a process that reaps children it did not start (none here) causes it.
            let termination: StartedProcess.Termination =
                !reaped
                ? .exited(-1)
                : status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
            state.termination = termination
            defer {
                state.suspendedTasks = []
                state.blockedThreads = []
            }
            return (termination, state.suspendedTasks, state.blockedThreads)
        }
        tasks.forEach { $0.resume(returning: termination) }
        threads.forEach { $0.signal() }
    }

    /// Why a child could not be started.
    public struct SpawnFailure: Error, CustomStringConvertible {
        public var executable: String
        public var step: String
        public var errorNumber: Int32
        public var description: String {
            "cannot start \(executable): \(step) failed: \(String(cString: strerror(errorNumber)))"
        }
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    private static func spawn(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String],
        descriptors: (input: Int32?, output: Int32, error: Int32)
    ) throws -> pid_t {
        func check(_ step: String, _ result: Int32) throws {
            if result != 0 { throw SpawnFailure(executable: executable.path, step: step, errorNumber: result) }
        }
        var actions = posix_spawn_file_actions_t()
        try check("posix_spawn_file_actions_init", posix_spawn_file_actions_init(&actions))
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input = descriptors.input {
            try check("dup2 of standard input", posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO))
        } else {
            try check(
                "open of /dev/null",
                posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0))
        }
        try check("dup2 of standard output", posix_spawn_file_actions_adddup2(&actions, descriptors.output, 1))
        try check("dup2 of standard error", posix_spawn_file_actions_adddup2(&actions, descriptors.error, 2))
        // Every other descriptor is closed in the child: a pipe's writing end left open in another child would keep
        // that pipe's reader from ever seeing the end of its output. glibc 2.34 added the call, without a header
        // declaration Swift imports, so it is looked up by name.
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            throw SpawnFailure(
                executable: executable.path, step: "posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later)",
                errorNumber: ENOSYS)
        }
        let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
        try check("closing inherited descriptors", closeFrom(&actions, 3))

        var attributes = posix_spawnattr_t()
        try check("posix_spawnattr_init", posix_spawnattr_init(&attributes))
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        try check("setting the signal mask", posix_spawnattr_setsigmask(&attributes, &noSignals))
        try check("setting default signal actions", posix_spawnattr_setsigdefault(&attributes, &everySignal))
        try check("setting the process group", posix_spawnattr_setpgroup(&attributes, 0))
        let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP
        try check("setting spawn flags", posix_spawnattr_setflags(&attributes, Int16(flags)))

        var identifier: pid_t = 0
        let status = withCStringArray([executable.path] + arguments) { argv in
            withCStringArray(environment.map { "\($0.key)=\($0.value)" }) { envp in
                posix_spawn(&identifier, executable.path, &actions, &attributes, argv, envp)
            }
        }
        try check("posix_spawn", status)
        return identifier
    }

    /// Calls `body` with a null-terminated array of C strings copied from `strings`.
    private static func withCStringArray<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
