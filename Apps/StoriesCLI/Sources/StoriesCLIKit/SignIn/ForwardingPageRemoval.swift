#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes a sign-in's `ForwardingPage` when SIGINT, SIGTERM or SIGHUP ends the process while the browser sign-in
/// waits, so that Ctrl-C does not leave the page (and the sign-in address in it) behind in the temporary directory.
///
/// While a page is armed, these signals run a handler that unlinks the page and removes its directory, then lets the
/// signal end the process as its default action would (the shell reports 130, 143 or 129). Disarming restores the
/// actions that were there before. A signal the process was started with ignored (`nohup`) stays ignored. SIGQUIT is
/// left alone: Ctrl-\ quits without any cleanup, as in any program.
///
/// One page at a time: `login` runs one sign-in per process, and arms and disarms it from the one task that runs it.
enum ForwardingPageRemoval {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// From now on, the signals remove `page` before they end the process. Arming again replaces the page.
    static func arm(_ page: ForwardingPage) {
        disarm()
        // Copied to C memory before any handler can read them: the handler may call nothing that allocates.
        armedPage = (strdup(page.fileURL.path), strdup(page.directory))
        for number in signals where !SignalAction.isIgnored(number) {
            replacedActions.append((number, SignalAction.install(removePageAndEnd, for: number)))
        }
    }

    /// The signals act as they did before `arm`; removing the page is the caller's.
    static func disarm() {
        // An action installed since (`DeferredTermination`'s, while the session is stored) stays.
        for (number, action) in replacedActions where SignalAction.runs(removePageAndEnd, for: number) {
            var previous = action
            sigaction(number, &previous, nil)
        }
        replacedActions = []
        let page = armedPage
        armedPage = nil
        free(page?.file)
        free(page?.directory)
    }
}

// A signal handler cannot capture context, so what it reads is process-wide, as in `SecretPrompt`: written only by
// `arm` and `disarm` (one sign-in at a time, from one task), the page's paths before the handlers are installed and
// after they are removed; the handler only reads them.
nonisolated(unsafe) private var armedPage:
    (file: UnsafeMutablePointer<CChar>?, directory: UnsafeMutablePointer<CChar>?)?
nonisolated(unsafe) private var replacedActions: [(Int32, sigaction)] = []

/// Removes the page and its directory, then ends the process as the signal's default action does. Async-signal-safe
/// calls only (`unlink`, `rmdir`, `signal`, `kill`, `getpid`); sent to the process, as `DeferredTermination` does, so
/// that a thread that blocks the signal cannot hold it.
private func removePageAndEnd(_ number: Int32) {
    if let page = armedPage {
        if let file = page.file { unlink(file) }
        if let directory = page.directory { rmdir(directory) }
    }
    signal(number, SIG_DFL)
    kill(getpid(), number)
}
