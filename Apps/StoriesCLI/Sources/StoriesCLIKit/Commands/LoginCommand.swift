import ArgumentParser
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli login`: signs in and stores the session for one server.
public struct LoginCommand: StoriesSubcommand {
    public static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and store the session for this server.",
        discussion: """
            The password is read without echo from the terminal, or from standard input with --password-stdin \
            (for scripts: `printf '%s\\n' "$PASSWORD" | stories-cli login --username demo --password-stdin`). \
            It is never accepted as an argument. The account becomes the server's active one, which the other \
            commands use; accounts signed in before stay signed in (`stories-cli switch` goes back, `stories-cli \
            status` lists them). Signing in again as the same account replaces its session and revokes the old one; \
            sessions for other servers are untouched.
            """
    )

    @OptionGroup public var connection: ConnectionOptions

    @OptionGroup public var credentials: CredentialInputOptions

    public init() {}

    public func execute(in context: CommandContext) async throws {
        let prompts = credentials.prompts(context.input)
        let username = try prompts.username(credentials.username)
        let password = try prompts.password(confirm: false)
        try await CompositionRoot.withServices(context: context) { services in
            // Nothing is said about the session being replaced until the new one exists: a wrong password
            // replaces nothing.
            let result = try await Self.signIn(username: username, password: password, service: services.onboarding)
            let account = TerminalText.sanitize(result.session.account)
            try context.output.write(
                "Signed in to \(context.server.displayName) as \(account); \(account) is now the active account.\n")
            try SessionReplacementNote.write(for: result, context: context)
        }
    }

    @MainActor
    static func signIn(username: String, password: String, service: any OnboardingService) async throws -> SignInResult
    {
        let viewModel = CompositionRoot.makeSignInViewModel(service: service)
        viewModel.username = username
        viewModel.password = password
        if let problem = viewModel.usernameMessage { throw CommandFailure.usage(problem) }
        await viewModel.submit()
        switch viewModel.submission {
        case .succeeded(let result): return result
        case .failed(let message): throw viewModel.lastError ?? CommandFailure(message, exitStatus: .failure)
        case .editing, .submitting: throw CommandFailure("Sign-in did not finish.", exitStatus: .failure)
        }
    }
}
