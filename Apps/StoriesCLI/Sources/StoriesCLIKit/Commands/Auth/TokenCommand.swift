import ArgumentParser
import Authorization
import CommandReference
import OnboardingDomain

/// `stories-cli token`: a fresh access token on standard output, for scripts.
struct TokenCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a fresh access token for this server (a secret).",
        discussion: """
            For scripts. The token is renewed first when it has expired or is about to, under the same lock as \
            every other command, and printed to standard output only; it is never logged. Treat it like a \
            password: anyone who has it can act as you until it expires. Keep it out of command arguments, which \
            other users can read, as the first example does. --account prints another signed-in account's token \
            without switching to it, so other processes keep using the active one. Where the server binds tokens \
            to this machine's DPoP key, the token alone is refused: a note on stderr says so; `stories-cli api \
            PATH` makes any request with the session, DPoP proof included, and prints no token.
            """
    )

    static let examples = [
        CommandExample(
            "Call the API with curl, the token in no command's arguments",
            "printf 'Authorization: Bearer %s\\n' \"$(stories-cli token --server local)\" | curl -H @- http://127.0.0.1:8080/v1/me"
        ),
        CommandExample(
            "Another signed-in account's token, without switching", "stories-cli token --server local --account alice"),
        CommandExample("Into a shell variable, not exported", "token=\"$(stories-cli token --server local)\""),
    ]

    @Option(
        help: ArgumentHelp(
            "The token of this signed-in account instead of the active one; the active account does not change.",
            valueName: "username"),
        completion: .signedInAccounts)
    var account: String?

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

    init() {}

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        try await services.withServer(context.server, account: account, clientStart: .onFirstRequest) { services in
            // The session itself, not a view model: handing a token out is for scripts at a terminal, which no app
            // screen does (an app's requests get theirs from the middleware), so Presentation has nothing to offer.
            let authorization: BearerAuthorization
            do {
                authorization = try await services.session.currentAuthorization()
            } catch AuthorizationError.notSignedIn where account != nil {
                // The account named has no session here: the same failure as `switch --account`.
                throw OnboardingError.unknownAccount(account ?? "")
            }
            try context.output.write(authorization.accessToken.unredacted + "\n")
            if authorization.dpopKey != nil {
                // The token alone is refused (RFC 9449 §7.1): say so, or the curl example fails with a bare 401.
                context.output.writeError(
                    "note: this session's tokens are bound to this machine's DPoP key (RFC 9449): a request with this token also needs a DPoP proof signed with that key, which curl cannot make. `stories-cli api PATH` sends any request with the session, proofs included (`stories-cli api /me`).\n"
                )
            }
        }
    }
}
