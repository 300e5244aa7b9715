import OnboardingDomain

/// What `login` and `register` say after they replaced another account's session on the same server.
enum SessionReplacementNote {
    static func write(for result: SignInResult, context: CommandContext) throws {
        guard let replaced = result.replacedAccount.map(TerminalText.sanitize) else { return }
        guard let failure = result.replacedSessionRevocationFailure else {
            context.output.writeError("The previous session (\(replaced)) on this server was replaced and revoked.\n")
            return
        }
        let reason = FailureMessages.failure(for: failure, server: context.server)
        context.output.writeError(
            "warning: the previous session (\(replaced)) was replaced here, but revoking it at the server failed. \(reason.message)\n"
        )
    }
}
