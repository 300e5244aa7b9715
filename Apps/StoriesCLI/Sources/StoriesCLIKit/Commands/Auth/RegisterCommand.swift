import ArgumentParser
import CommandReference
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli register`: creates an account and signs it in.
struct RegisterCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Create an account on this server and sign it in.",
        discussion: """
            Usernames have 3 to 32 characters of a-z, 0-9, _ and -; passwords 8 to 128 characters. On a terminal \
            it asks for what is not given, the password twice without echo (again when the two differ, up to \
            three tries); scripts pass the password on standard input with --password-stdin. The new account \
            becomes the server's active one; accounts signed in before stay signed in.
            """
    )

    static let examples = [
        CommandExample(
            "Create an account, asked for everything on the terminal", "stories-cli register --server local"),
        CommandExample(
            "Name it; the password is asked for twice, without echo",
            "stories-cli register --server local --username alice --display-name 'Alice Liddell'"),
        CommandExample(
            "From a script, the password on standard input",
            "printf '%s\\n' \"$PASSWORD\" | stories-cli register --server local --username alice --password-stdin"),
    ]

    @OptionGroup var credentials: CredentialInputOptions

    @Option(help: "A name to show instead of the username.")
    var displayName: String?

    @OptionGroup var storage: NewFileStorageOptions

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

    init() {}

    func adjust(_ context: inout CommandContext) {
        storage.adjust(&context)
    }

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        // register signs the new account in: before an account is made, its session must be keepable, as for login.
        try await services.prepareCredentialsForSignIn()
        // Nor is one at a URL where the API is not (no /v1): every command after it would fail.
        try await services.verifyServerURL(context.server)
        let prompts = credentials.prompts(context.input)
        let username = try prompts.username(credentials.username)
        var displayName = displayName
        if displayName == nil, context.input.isInteractive, !credentials.passwordStdin {
            displayName = context.input.readVisible("Display name (optional): ")
        }
        try Self.validate(username: username)
        let password = try prompts.password(confirm: true)
        let name = displayName
        try await services.withServer(context.server, clientStart: .atOnce) { services in
            let result = try await Self.register(
                username: username,
                displayName: name,
                password: password,
                service: services.onboarding
            )
            try context.output.write(
                "Created \(TerminalText.sanitize(result.session.account)) on \(context.server.displayName) and signed in.\n"
            )
            try SessionReplacementNote.write(for: result, context: context)
        }
    }

    /// Fails before any prompt or request when the username breaks the rules.
    static func validate(username: String) throws(CommandFailure) {
        if let problem = AccountRules.problem(withUsername: username) { throw .usage(problem) }
    }

    static func register(
        username: String,
        displayName: String?,
        password: String,
        service: any OnboardingService
    ) async throws -> SignInResult {
        let viewModel = RegistrationViewModel(service: service)
        viewModel.username = username
        viewModel.displayName = displayName ?? ""
        viewModel.password = password
        viewModel.passwordConfirmation = password
        if let problem = viewModel.usernameMessage ?? viewModel.passwordMessage { throw CommandFailure.usage(problem) }
        await viewModel.submit()
        switch viewModel.submission {
        case .succeeded(let result): return result
        case .failed(let message): throw viewModel.lastError ?? CommandFailure(message, exitStatus: .failure)
        case .editing, .submitting: throw CommandFailure("Registration did not finish.", exitStatus: .failure)
        }
    }
}
