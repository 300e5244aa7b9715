import Authorization
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Postpones SIGINT, SIGTERM, SIGHUP and SIGQUIT while a renewed session is on its way to the credentials file.
///
/// Once a refresh request is sent the server may already have spent the old refresh token; a process that ends
/// before the answer is stored leaves a file whose token the server treats as reuse. So inside
/// `deferringInterruptions` the first of these signals is only noted (with a line on standard error), and the process
/// ends by it as soon as the body returns, as the signal's default action would have ended it (the shell reports
/// 130, 143, 129 or 131). The body is bounded by the token request deadlines. A second signal ends the process at once;
/// outside the body every signal acts at once. A signal the process was started with ignored (`nohup`, a background
/// job) stays ignored.
struct DeferredTermination: InterruptionDeferral {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    func deferringInterruptions<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        Self.installHandlersOnce()
        activeSections.add(1, ordering: .sequentiallyConsistent)
        defer {
            let remaining = activeSections.subtract(1, ordering: .sequentiallyConsistent).newValue
            let pending = pendingSignal.load(ordering: .sequentiallyConsistent)
            if remaining == 0, pending != 0 { endBySignal(pending) }
        }
        return try await body()
    }

    private static func installHandlersOnce() {
        guard
            handlersInstalled.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
                .exchanged
        else { return }
        for number in signals where !SignalAction.isIgnored(number) {
            SignalAction.install(deferOrEnd, for: number, flags: SA_RESTART)
        }
    }
}

// A signal handler cannot capture context, so the state it reads is process-wide. It is atomics only, which a
// handler may touch, and every one of them is initialised by `deferringInterruptions` before the handler that reads
// it is installed (a global's first access runs an initialiser, which a handler must not).

/// How many deferring sections are running (the coordinator runs one at a time; sign-in could add another).
private let activeSections = Atomic<Int>(0)
/// The first signal received inside a section, or 0.
private let pendingSignal = Atomic<Int32>(0)
private let handlersInstalled = Atomic<Bool>(false)

private let deferralNotice: StaticString =
    "\nFinishing storing the renewed session before exiting; press Ctrl-C again to quit now.\n"

/// Notes the first signal inside a section; ends the process for any other. Async-signal-safe: atomics, `write`,
/// `signal`, `kill`, `getpid`.
private func deferOrEnd(_ number: Int32) {
    if activeSections.load(ordering: .sequentiallyConsistent) > 0,
        pendingSignal.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent).exchanged
    {
        _ = write(STDERR_FILENO, deferralNotice.utf8Start, deferralNotice.utf8CodeUnitCount)
        // The section may have ended between the check and the note; then nobody else will act on it.
        if activeSections.load(ordering: .sequentiallyConsistent) == 0 { endBySignal(number) }
        return
    }
    endBySignal(number)
}

/// Ends the process as `number`'s default action does. Sent to the process, not raised in the calling thread: the
/// thread that leaves a section may be one that blocks the signal (event-loop threads do), where a raised signal
/// would wait for ever.
private func endBySignal(_ number: Int32) {
    signal(number, SIG_DFL)
    kill(getpid(), number)
}
