/// Removes a sign-in's `ForwardingPage` when a signal ends the process while the browser sign-in runs, so that Ctrl-C
/// does not leave the page (and the sign-in address in it) behind in the temporary directory.
///
/// While a page is armed, ending the process by SIGINT, SIGTERM, SIGHUP or SIGQUIT unlinks the page and removes its
/// directory first, then the signal ends the process as its default action would (the shell reports 130, 143, 129 or
/// 131). That holds when the signal was postponed while the sign-in's tokens were stored, too: both go through
/// `TerminationSignals`, the one handler of these signals. A signal the process was started with ignored (`nohup`)
/// stays ignored.
///
/// One page at a time: `login` runs one sign-in per process, and arms and disarms it from the one task that runs it.
enum ForwardingPageRemoval {
    /// From now on, a signal that ends the process removes `page` first. Arming again replaces the page.
    static func arm(_ page: ForwardingPage) {
        TerminationSignals.armRemoval(ofFile: page.fileURL.path, thenDirectory: page.directory)
    }

    /// A signal ends the process without removing the page; removing it is the caller's.
    static func disarm() {
        TerminationSignals.disarmRemoval()
    }
}
