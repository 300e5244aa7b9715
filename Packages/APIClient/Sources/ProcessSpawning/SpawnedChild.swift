// Linux only, as `ProgramSpawn` is.
#if canImport(Glibc)
    import Foundation
    import Glibc
    import Synchronization

    /// A child process started by `ProgramSpawn` (as a shell would start it), whose end a thread of its own waits for.
    /// The tests start every child this way (see `ProgramSpawn` for why not with Foundation's `Process`).
    public final class SpawnedChild: Sendable {
        public let processIdentifier: pid_t
        private let state = Mutex(State())

        private struct State {
            var termination: ChildTermination?
            var suspendedTasks: [CheckedContinuation<ChildTermination, Never>] = []
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
            processIdentifier = try ProgramSpawn.start(
                executable.path, arguments: arguments, environment: environment,
                streams: .init(input: standardInput, output: standardOutput, error: standardError))
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
        public func termination() async -> ChildTermination {
            await withCheckedContinuation { continuation in
                let ended = state.withLock { state -> ChildTermination? in
                    if let termination = state.termination { return termination }
                    state.suspendedTasks.append(continuation)
                    return nil
                }
                if let ended { continuation.resume(returning: ended) }
            }
        }

        /// Blocks the calling thread until the child has ended, for synchronous callers such as `defer` blocks.
        @discardableResult
        public func waitUntilExit() -> ChildTermination {
            let ended = DispatchSemaphore(value: 0)
            let termination = state.withLock { state -> ChildTermination? in
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
                let termination: ChildTermination =
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
    }
#endif
