import Authorization

/// Postpones SIGINT, SIGTERM, SIGHUP and SIGQUIT while tokens in hand are on their way to the credentials file: a
/// renewed session, or a new sign-in's.
///
/// Once a refresh request is sent the server may already have spent the old refresh token, and a sign-in's tokens
/// are live at the server once received; a process that ends before the answer is stored leaves a file whose token
/// the server treats as reuse, or a session nobody can use or end. So inside `deferringInterruptions` the first of
/// these signals is only noted (with a line on standard error), and the process ends by it as soon as the body
/// returns, as the signal's default action would have ended it (the shell reports 130, 143, 129 or 131). The body is
/// bounded by the token request deadlines. A second signal ends the process at once; outside the body every signal
/// acts at once. The handler is `TerminationSignals`', the one this process has for these signals, so a sign-in's
/// forwarding page is still removed when the noted signal ends the process.
struct DeferredTermination: InterruptionDeferral {
    func deferringInterruptions<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await TerminationSignals.deferring { try await body() }
    }
}
