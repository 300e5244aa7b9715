import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one handler of SIGINT, SIGTERM, SIGHUP and SIGQUIT once a command needs more than their default actions:
/// `DeferredTermination` postpones them while tokens in hand are stored, and `ForwardingPageRemoval` has a file to
/// remove before the process ends.
///
/// One handler, because two that each install their own replace each other: while a browser sign-in stored its
/// tokens, the deferral's handler would have replaced the page's, and a signal then ended the process with the page
/// (and the sign-in address in it) left behind. Here, whatever ends the process (a signal outside a deferral, or the
/// one noted inside it, once the deferral ends) first removes the page, if one is armed, then ends the process as the
/// signal's default action would (the shell reports 130, 143, 129 or 131). Installed on first use and never removed:
/// with nothing deferred and no page armed it acts as the default action. A signal the process was started with
/// ignored (`nohup`, a background job) stays ignored.
enum TerminationSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Installs the handler for every signal in `handled` not ignored now; only the first call acts.
    static func installOnce() {
        // Every global the handler reads is initialised here, before the handler that reads it is installed: a
        // global's first access runs an initialiser, which a handler must not.
        _ = activeSections.load(ordering: .sequentiallyConsistent)
        _ = pendingSignal.load(ordering: .sequentiallyConsistent)
        _ = armedPage.load(ordering: .sequentiallyConsistent)
        guard
            handlersInstalled.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
                .exchanged
        else { return }
        for number in handled where !SignalAction.isIgnored(number) {
            SignalAction.install(deferOrEnd, for: number, flags: SA_RESTART)
        }
    }

    /// Runs `body` with the first termination request noted rather than acted on, and acts on it when `body` returns.
    /// Sections may nest or overlap; the request waits for the last to end.
    static func deferring<T>(_ body: () async throws -> T) async rethrows -> T {
        installOnce()
        activeSections.add(1, ordering: .sequentiallyConsistent)
        defer {
            let remaining = activeSections.subtract(1, ordering: .sequentiallyConsistent).newValue
            let pending = pendingSignal.load(ordering: .sequentiallyConsistent)
            if remaining == 0, pending != 0 { endBySignal(pending) }
        }
        return try await body()
    }

    /// From now on, ending the process by a signal first removes `file`, then `directory` (if empty). Arming again
    /// replaces what was armed.
    static func armRemoval(ofFile file: String, thenDirectory directory: String) {
        installOnce()
        // Both paths in one block of C memory, published by one atomic exchange: the handler may call nothing that
        // allocates, and whichever of the handler and `disarmRemoval` takes the block owns it.
        let size = file.utf8.count + 1 + directory.utf8.count + 1
        let block = UnsafeMutablePointer<CChar>.allocate(capacity: size)
        var offset = 0
        for path in [file, directory] {
            for byte in path.utf8 {
                block[offset] = CChar(bitPattern: byte)
                offset += 1
            }
            block[offset] = 0
            offset += 1
        }
        UnsafeMutableRawPointer(
            bitPattern: armedPage.exchange(Int(bitPattern: block), ordering: .sequentiallyConsistent))?.deallocate()
    }

    /// Ending the process removes nothing any more; removing the files is the caller's.
    static func disarmRemoval() {
        UnsafeMutableRawPointer(bitPattern: armedPage.exchange(0, ordering: .sequentiallyConsistent))?.deallocate()
    }
}

// A signal handler cannot capture context, so the state it reads is process-wide: atomics only, which a handler may
// touch, each initialised by `installOnce` before the handler is installed.

/// How many deferring sections are running.
private let activeSections = Atomic<Int>(0)
/// The first signal received inside a section, or 0.
private let pendingSignal = Atomic<Int32>(0)
/// The address of the armed page's file path and directory path, two C strings one after the other, or 0. An address
/// rather than a pointer, because a pointer is not `Sendable`; only the one that exchanges it for 0 owns the block.
private let armedPage = Atomic<Int>(0)
private let handlersInstalled = Atomic<Bool>(false)

private let deferralNotice: StaticString =
    "\nFinishing storing the session before exiting; press Ctrl-C again to quit now.\n"

/// Notes the first signal inside a section; ends the process for any other. Async-signal-safe: atomics, `write`,
/// `unlink`, `rmdir`, `strlen`, `signal`, `kill`, `getpid`.
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

/// Removes the armed page, then ends the process as `number`'s default action does. Sent to the process, not raised
/// in the calling thread: the thread that ends a section may be one that blocks the signal (event-loop threads do),
/// where a raised signal would wait for ever.
private func endBySignal(_ number: Int32) {
    if let file = UnsafeMutablePointer<CChar>(bitPattern: armedPage.exchange(0, ordering: .sequentiallyConsistent)) {
        unlink(file)
        rmdir(file + strlen(file) + 1)
        // Not freed: the process ends here, and `free` is not async-signal-safe.
    }
    signal(number, SIG_DFL)
    kill(getpid(), number)
}
