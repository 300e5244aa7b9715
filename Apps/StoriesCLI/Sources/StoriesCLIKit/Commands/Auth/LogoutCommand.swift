import ArgumentParser
import CommandReference
import Foundation
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli logout`: revokes a session at the server and removes it from this machine.
struct LogoutCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out: revoke the session at the server, then delete it here.",
        discussion: """
            Signs out the server's active account; the account active before it, if one is still signed in there, \
            takes over (the command says which). The session is deleted here even when the server cannot be \
            reached: the failed revocation is reported, and the exit code is then 69 (unreachable) or 1.
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
