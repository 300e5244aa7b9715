import ArgumentParser
import Authorization
import OnboardingDomain

/// `stories-cli token`: a fresh access token on standard output, for scripts.
struct TokenCommand: StoriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a fresh access token for this server (a secret).",
        discussion: """
            For scripts, without putting the token in any command's arguments (which other users can read):
              printf 'Authorization: Bearer %s\\n' "$(stories-cli token --server local)" | curl -H @- …
            The token is renewed first when it has expired or is about to, under the same cross-process lock as \
            every other command, so a script never spends the refresh token another process is using. It is \
            printed to standard output only and never logged. Treat it like a password: anyone who has it can act \
            as you until it expires. --account U prints the token of another signed-in account without switching \
            to it, so other processes keep using the active one.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(
        help: ArgumentHelp(
            "The token of this signed-in account instead of the active one; the active account does not change.",
            valueName: "username"))
    var account: String?

    init() {}

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        try await services.withServer(context.server, account: account, clientStart: .onFirstRequest) { services in
            let authorization: BearerAuthorization
            do {
                authorization = try await services.session.currentAuthorization()
            } catch AuthorizationError.notSignedIn where account != nil {
                // The account named has no session here: the same failure as `switch --account`.
                throw OnboardingError.unknownAccount(account ?? "")
            }
            try context.output.write(authorization.accessToken.unredacted + "\n")
        }
    }
}
