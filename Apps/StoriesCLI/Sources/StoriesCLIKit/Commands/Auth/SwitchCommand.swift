import ArgumentParser
import Foundation
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli switch`: which of the accounts signed in to a server the other commands use.
struct SwitchCommand: StoriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: "Switch the active account for this server.",
        discussion: """
            A server can have several accounts signed in (`login` adds one and makes it active); every other \
            command uses the active one. Switching makes no request and signs nothing out:
              stories-cli switch --server local --account alice
            Without --account, as `gh auth switch` does: with two accounts signed in, switches to the other one; \
            with more, asks which on a terminal (a numbered list), and without one lists them and asks for \
            --account (exit 64); with one, says it is already active. An \
            account that is not signed in to the server is exit 67. `stories-cli status` lists every account and \
            marks the active one.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(help: ArgumentHelp("The account to make active.", valueName: "username"))
    var account: String?

    init() {}

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        try await services.withServer(context.server, clientStart: .onFirstRequest) { services in
            let server = context.server.displayName
            let viewModel = AccountSwitchViewModel(service: services.onboarding)
            await viewModel.switchAccount(to: account)
            if case .choosing(let accounts) = viewModel.state, context.input.isInteractive,
                let chosen = try choose(among: accounts, on: server, in: context)
            {
                await viewModel.switchAccount(to: chosen)
            }
            let active: SessionSummary
            switch viewModel.state {
            case .switched(let switched): active = switched
            case .alreadyActive(let current):
                try context.output.write(
                    "\(TerminalText.sanitize(current.account)) is already the active account on \(server).\n")
                return
            case .onlyAccount(let only):
                let name = TerminalText.sanitize(only.account) + (only.isActive ? " (active)" : "")
                try context.output.write("\(name) is the only account signed in to \(server); nothing to switch to.\n")
                return
            case .choosing(let accounts):
                let names = accounts.map { TerminalText.sanitize($0.account) + ($0.isActive ? " (active)" : "") }
                throw CommandFailure.usage(
                    "\(accounts.count) accounts are signed in to \(server): \(names.joined(separator: ", ")). Choose one with `stories-cli switch \(context.server.selectionArguments) --account USERNAME`."
                )
            case .failed(let error): throw error
            case .idle, .switching: return
            }
            let name = TerminalText.sanitize(active.account)
            try context.output.write("\(name) is now the active account on \(server).\n")
            if active.isSignInRequired {
                context.output.writeError(
                    "warning: the server has ended the session of \(name); sign in again with `\(context.server.loginCommand) --username=\(ShellWord.quoted(name))`.\n"
                )
            }
        }
    }

    /// Asks on the terminal which of `accounts` to make active: a numbered list on stderr, then a number. `nil` when
    /// the person answers nothing (Ctrl-D), which leaves the choice to `--account`; an answer that is not one of the
    /// numbers is a usage error.
    private func choose(
        among accounts: [SessionSummary], on server: String, in context: CommandContext
    ) throws(CommandFailure) -> String? {
        var list = "Accounts signed in to \(server):\n"
        for (number, session) in zip(1..., accounts) {
            list += "  \(number). \(TerminalText.sanitize(session.account))\(session.isActive ? " (active)" : "")\n"
        }
        context.output.writeError(list)
        guard let answer = context.input.readVisible("Switch to [1-\(accounts.count)]: ") else { return nil }
        guard let number = Int(answer.trimmingCharacters(in: .whitespaces)), accounts.indices.contains(number - 1)
        else {
            throw .usage("'\(TerminalText.sanitize(answer))' is not one of the numbers 1 to \(accounts.count).")
        }
        return accounts[number - 1].account
    }
}
