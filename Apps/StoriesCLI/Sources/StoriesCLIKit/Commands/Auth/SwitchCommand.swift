import ArgumentParser
import OnboardingDomain

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
            let target: String
            if let account {
                target = account
            } else {
                let accounts = try await services.onboarding.accounts()
                let names = accounts.map { TerminalText.sanitize($0.account) + ($0.isActive ? " (active)" : "") }
                switch accounts.count {
                case 0:
                    throw OnboardingError.notSignedIn
                case 1:
                    try context.output.write(
                        "\(names[0]) is the only account signed in to \(server); nothing to switch to.\n")
                    return
                case 2:
                    guard let other = accounts.first(where: { !$0.isActive }) else { throw OnboardingError.notSignedIn }
                    target = other.account
                default:
                    throw CommandFailure.usage(
                        "\(accounts.count) accounts are signed in to \(server): \(names.joined(separator: ", ")). Choose one with `stories-cli switch \(context.server.selectionArguments) --account USERNAME`."
                    )
                }
            }
            let active = try await services.onboarding.switchAccount(to: target)
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
