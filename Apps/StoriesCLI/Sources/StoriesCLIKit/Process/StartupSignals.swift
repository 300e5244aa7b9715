#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal dispositions every command starts with, set by the executable before anything else runs, and no core
/// dumps for the signals that would write one.
public enum StartupSignals {
    public static func configure() {
        // A reader that goes away (`stories-cli list --all | head -1`) must surface as EPIPE from write(2), which
        // ends a command quietly, rather than as SIGPIPE killing the process in the middle of a write.
        signal(SIGPIPE, SIG_IGN)
        // Ctrl-\ quits, as in any program: the Swift runtime's crash handler, which takes SIGQUIT by default, printed
        // a crash report and left the process running. A SIGQUIT the process was started with ignored stays ignored.
        // While tokens in hand are being stored, `DeferredTermination` postpones it like Ctrl-C.
        if !SignalAction.isIgnored(SIGQUIT) { signal(SIGQUIT, SIG_DFL) }
        // SIGQUIT's default action dumps core, and a core file holds the process's memory, tokens included: no core
        // files from this process (the soft limit only, so a developer can still raise it in a debugger).
        ResourceLimit.coreFileSize.setSoftLimit(to: 0)
    }
}
