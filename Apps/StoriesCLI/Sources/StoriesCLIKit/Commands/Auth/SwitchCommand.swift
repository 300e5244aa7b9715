import ArgumentParser
import CommandReference
import Foundation
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli switch`: which of the accounts signed in to a server the other commands use.
struct SwitchCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: "Switch the active account for this server.",
        discussion: """
            Every other command uses the server's active account; `login` and `register` add accounts and make \
            the new one active. Switching makes no request and signs nothing out. Without --account, as \
            `gh auth switch` does: with two accounts it switches to the other, with more it asks which on a \
            terminal (without one it lists them, exit 64). An account not signed in to the server is exit 67.
            """
    )

    static let examples = [
        CommandExample("Make alice the active account", "stories-cli switch --server local --account alice"),
        CommandExample("With two accounts signed in, switch to the other one", "stories-cli switch --server local"),
        CommandExample(
            "The same on a server named by its URL",
            "stories-cli switch --server-url https://api.example.com/v1 --account alice"),
    ]

    @Option(help: ArgumentHelp("The account to make active.", valueName: "username"), completion: .signedInAccounts)
    var account: String?

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

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
