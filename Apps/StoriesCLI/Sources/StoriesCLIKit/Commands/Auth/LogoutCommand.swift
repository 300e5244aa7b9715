import ArgumentParser
import Authorization
import CommandReference
import Foundation
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli logout`: revokes a session at the server and removes it from this machine.
struct LogoutCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out, revoking the session at the server first.",
        discussion: """
            Signs out the server's active account; the account active before it, if one is still signed in there, \
            takes over (the command says which). The session is deleted here even when the server cannot be \
            reached: the failed revocation is reported, and the exit code is then 69 (unreachable) or 1. So is a \
            session of a sealed file whose OS keyring this session cannot reach (over SSH, no D-Bus session bus): \
            it cannot be revoked, its tokens stay valid at the server until they expire, and the exit code is 78.
            """
    )

    static let examples = [
        CommandExample("Sign out the active account", "stories-cli logout --server local"),
        CommandExample(
            "Sign out alice, whether or not she is the active account",
            "stories-cli logout --server local --account alice"),
        CommandExample("Every account on this server", "stories-cli logout --server local --all-accounts"),
        CommandExample("Every account on every server", "stories-cli logout --all"),
    ]

    @Option(
        help: ArgumentHelp(
            "Sign out this account rather than the active one (exit 67 if it is not signed in).", valueName: "username"),
        completion: .signedInAccounts)
    var account: String?

    @Flag(help: "Sign out every account on this server.")
    var allAccounts = false

    @Flag(help: "Sign out every account on every server (its meaning from before accounts, kept for scripts).")
    var all = false

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

    init() {}

    func validate() throws {
        guard [account != nil, allAccounts, all].filter({ $0 }).count <= 1 else {
            throw ValidationError("Use at most one of --account, --all-accounts and --all.")
        }
    }

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        do {
            try await signOutAsAsked(in: context, services: services)
        } catch {
            guard let keyring = Self.unreachableKeyring(in: error) else { throw error }
            try await forgetWithoutRevoking(in: context, services: services, keyring: keyring)
        }
    }

    /// Signs out as the options say: each session revoked at its server, then deleted here.
    private func signOutAsAsked(in context: CommandContext, services: any CommandServices) async throws {
        let servers: [ResolvedServer]
        if all {
            servers = try await services.serversWithSessions().map {
                ResolvedServer.matching(url: $0)
            }
            if servers.isEmpty { try context.output.write("No stored sessions.\n") }
        } else {
            servers = [context.server]
        }
        var worst: CommandFailure?
        for server in servers {
            var serverContext = context
            serverContext.server = server
            for failure in try await signOut(in: serverContext, services: services) {
                context.output.writeError("warning: \(failure.message)\n")
                worst = worst ?? failure
            }
        }
        if let worst {
            throw CommandFailure("Signed out locally, but not every session was revoked.", exitStatus: worst.exitStatus)
        }
    }

    /// A sealed file whose keyring this session cannot reach at all (no D-Bus session bus over SSH, no Secret
    /// Service): the sessions cannot be opened, so not revoked, but they can be deleted here, as a session whose server
    /// cannot be reached is. Says which were, and that their tokens stay valid at the server until they expire; exit 78.
    private func forgetWithoutRevoking(
        in context: CommandContext, services: any CommandServices, keyring: KeyringError
    ) async throws {
        let origin = try? ServerOrigin(context.server.url)
        let account = self.account
        let everyServer = all
        let everyAccount = allAccounts
        let forgotten = try await services.forgetSessionsWithoutOpening { facts in
            if everyServer { return true }
            guard facts.origin == origin else { return false }
            if everyAccount { return true }
            if let account { return facts.account == account }
            return facts.isActive
        }
        if forgotten.isEmpty {
            if let account { throw OnboardingError.unknownAccount(account) }
            try context.output.write("Not signed in to \(context.server.displayName); nothing to do.\n")
            return
        }
        for facts in forgotten {
            let server = ResolvedServer.matching(url: facts.origin.url)
            try context.output.write(
                "Signed out of \(server.displayName) (\(TerminalText.sanitize(facts.account))) here only.\n")
        }
        throw FailureMessages.signedOutWithoutRevoking(keyring, count: forgotten.count)
    }

    /// The failure of a keyring this session cannot reach behind `error` (no D-Bus session, no Secret Service), if that
    /// is what stopped the sign-out. Only then are the sessions deleted unrevoked: a keyring that is there but locked,
    /// slow, refusing or failing may work on the next try, and deleting a session whose refresh token can no longer be
    /// revoked cannot be undone. A key the keyring does not have is not one either (the sessions need a new sign-in,
    /// which starts the file over).
    static func unreachableKeyring(in error: any Error) -> KeyringError? {
        switch error {
        case CredentialsStoreError.keyring(_, let failure):
            if case .unavailable = failure { return failure }
            return nil
        case OnboardingError.credentialsUnavailable(let cause), OnboardingError.unexpected(let cause):
            return unreachableKeyring(in: cause.error)
        default:
            return nil
        }
    }

    /// Signs out of one server as the options say, rendering the sign-out view model's outcome; returns the
    /// revocation problems, if any.
    private func signOut(in context: CommandContext, services: any CommandServices) async throws -> [CommandFailure] {
        let scope: SignOutViewModel.Scope =
            if allAccounts || all { .everyAccount } else if let account { .account(account) } else { .activeAccount }
        return try await services.withServer(context.server, clientStart: .onFirstRequest) { services in
            let viewModel = SignOutViewModel(service: services.onboarding)
            await viewModel.signOut(scope)
            let outcome: SignOutOutcome
            switch viewModel.state {
            case .signedOut(let signedOut): outcome = signedOut
            case .failed(let error): throw error
            case .idle, .signingOut: throw CommandFailure("Sign-out did not finish.", exitStatus: .failure)
            }
            if outcome.ended.isEmpty {
                try context.output.write("Not signed in to \(context.server.displayName); nothing to do.\n")
            }
            var failures: [CommandFailure] = []
            for result in outcome.ended {
                try context.output.write(
                    "Signed out of \(context.server.displayName) (\(TerminalText.sanitize(result.account))).\n")
                if let active = outcome.newlyActiveAccount {
                    try context.output.write(
                        "\(TerminalText.sanitize(active)) is now the active account on \(context.server.displayName).\n"
                    )
                }
                guard let failure = result.revocationFailure else { continue }
                let reason = FailureMessages.failure(for: failure, server: context.server)
                failures.append(
                    CommandFailure(
                        "The session of \(TerminalText.sanitize(result.account)) was deleted here, but revoking it at the server failed. \(reason.message)",
                        exitStatus: reason.exitStatus))
            }
            return failures
        }
    }
}
