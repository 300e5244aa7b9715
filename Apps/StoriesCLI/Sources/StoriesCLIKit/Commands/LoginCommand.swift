import ArgumentParser
import Authorization

/// `stories-cli login`: signs in with a username and password and stores the session.
public struct LoginCommand: StoriesSubcommand {
    public static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and store the session for this server.",
        discussion: """
            The password is read without echo from the terminal, or from standard input with --password-stdin \
            (for scripts: `printf '%s\\n' "$PASSWORD" | stories-cli login --username demo --password-stdin`). \
            It is never accepted as an argument.
            """
    )

    @OptionGroup public var connection: ConnectionOptions

    @Option(help: "The account's username (prompted for when omitted on a terminal).")
    public var username: String?

    @Flag(help: "Read the password from the first line of standard input.")
    public var passwordStdin = false

    public init() {}

    public func execute(in context: CommandContext) async throws {
        let username = try readUsername(context.input)
        let password = try readPassword(context.input)
        try await CompositionRoot.withServices(context: context) { services in
            let credential = try await services.session.signIn(username: username, password: password)
            context.output.write("Signed in to \(context.server.displayName) as \(credential.account).\n")
        }
    }

    func readUsername(_ input: UserInput) throws(CommandFailure) -> String {
        if let username, !username.isEmpty { return username }
        guard input.isInteractive, !passwordStdin else {
            throw .usage("--username is required when not running in a terminal.")
        }
        guard let typed = input.readVisible("Username: "), !typed.isEmpty else {
            throw .usage("A username is required.")
        }
        return typed
    }

    func readPassword(_ input: UserInput) throws(CommandFailure) -> Secret {
        if passwordStdin {
            guard let line = input.readLine(), !line.isEmpty else {
                throw .usage("--password-stdin expects the password on the first line of standard input.")
            }
            return Secret(line)
        }
        guard input.isInteractive else {
            throw .usage("Standard input is not a terminal: pass --password-stdin and pipe the password in.")
        }
        guard let typed = input.readSecret("Password: "), !typed.isEmpty else {
            throw .usage("A password is required.")
        }
        return Secret(typed)
    }
}
