import ArgumentParser
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
            with more, lists them and asks for --account (exit 64); with one, says it is already active. An \
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
            let active: SessionSummary
            switch viewModel.state {
            case .switched(let switched): active = switched
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
}
