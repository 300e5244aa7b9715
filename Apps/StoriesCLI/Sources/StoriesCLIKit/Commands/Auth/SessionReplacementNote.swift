import OnboardingDomain

/// What `login` and `register` say, after their main line, about the sessions the sign-in affected on the same
/// server: the same account's previous session (replaced and revoked), and the account that was active before (still
/// signed in).
enum SessionReplacementNote {
    static func write(for result: SignInResult, context: CommandContext) throws {
        if let previous = result.previouslyActiveAccount.map(TerminalText.sanitize) {
            context.output.writeError(
                "\(previous) is still signed in; switch back with `stories-cli switch \(context.server.selectionArguments) --account=\(ShellWord.quoted(previous))`.\n"
            )
        }
        guard let replaced = result.replacedAccount.map(TerminalText.sanitize) else { return }
        guard let failure = result.replacedSessionRevocationFailure else {
            context.output.writeError("The previous session of \(replaced) on this server was replaced and revoked.\n")
            return
        }
        let reason = FailureMessages.failure(for: failure, server: context.server)
        context.output.writeError(
            "warning: the previous session of \(replaced) was replaced here, but revoking it at the server failed. \(reason.message)\n"
        )
    }
}
