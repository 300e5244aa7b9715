import ArgumentParser
import CommandReference
import Foundation
import LoopbackRedirect
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli login`: signs in and stores the session for one server.
struct LoginCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and make the account this server's active one.",
        discussion: """
            Without options, login signs in in your browser (waiting up to 5 minutes), or with a code to approve \
            on any device where no browser can be opened. --username signs in with the password instead, asked \
            for without echo (or read with --password-stdin), where the server accepts passwords.

            The account becomes the server's active one; accounts signed in before stay signed in (`stories-cli \
            switch` goes back). Exits 77 on a wrong password, 79 when the sign-in is denied on the server's page, \
            75 when the code or the wait for the browser runs out. How sign-in works: docs/CLI.md, "Browser \
            sign-in".
            """
    )

    static let examples = [
        CommandExample(
            "Sign in in your browser, or with a code where none can be opened", "stories-cli login --server local"),
        CommandExample(
            "Sign in with a code approved on any device, such as over SSH", "stories-cli login --server local --device"),
        CommandExample(
            "Sign in with a password, asked for without echo", "stories-cli login --server local --username demo"),
        CommandExample(
            "From a script, the password on standard input",
            "printf '%s\\n' \"$PASSWORD\" | stories-cli login --server local --username demo --password-stdin"),
        CommandExample(
            "An API whose tokens come from another server, such as Keycloak",
            "stories-cli login --server-url https://api.example.com/v1"),
    ]

    @OptionGroup var credentials: CredentialInputOptions

    @Flag(help: "Sign in with a code approved on a web page on any device, even where a browser can be opened.")
    var device = false

    @OptionGroup var storage: NewFileStorageOptions

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

    init() {}

    func validate() throws {
        if device, credentials.username != nil || credentials.passwordStdin {
            throw ValidationError("--device cannot be combined with --username or --password-stdin.")
        }
    }

    func adjust(_ context: inout CommandContext) {
        storage.adjust(&context)
    }

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        // Before anything is asked of anyone: a session that cannot be kept is not worth signing in for.
        try await services.prepareCredentialsForSignIn()
        // Nor is one at a URL where the API is not (no /v1): every command after it would fail.
        try await services.verifyServerURL(context.server)
        if credentials.username != nil || credentials.passwordStdin {
            return try await signInWithPassword(context: context, services: services)
        }
        try await services.withServer(context.server, clientStart: .onFirstRequest) { services in
            let result: SignInResult
            if device {
                result = try await Self.signInWithDevice(service: services.deviceSignIn, context: context)
            } else if !context.browser.canOpenBrowser {
                context.output.writeError(
                    "No browser can be opened here (no usable $BROWSER, and no xdg-open in a graphical session); signing in with a code instead.\n"
                )
                result = try await Self.signInWithDevice(service: services.deviceSignIn, context: context)
            } else {
                do {
                    result = try await Self.signInWithBrowser(service: services.browserSignIn, context: context)
                } catch OnboardingError.browserSignInUnsupported {
                    context.output.writeError(
                        "\(context.server.displayName) does not offer sign-in in a browser; signing in with a code instead.\n"
                    )
                    result = try await Self.signInWithDevice(service: services.deviceSignIn, context: context)
                }
            }
            try Self.reportSignedIn(result, context: context)
        }
    }

    /// `--username` or `--password-stdin`: the password grant.
    private func signInWithPassword(context: CommandContext, services: any CommandServices) async throws {
        let prompts = credentials.prompts(context.input)
        let username = try prompts.username(credentials.username)
        let password = try prompts.password(confirm: false)
        try await services.withServer(context.server, clientStart: .onFirstRequest) { services in
            // Nothing is said about the session being replaced until the new one exists: a wrong password
            // replaces nothing.
            let result = try await Self.signIn(username: username, password: password, service: services.onboarding)
            try Self.reportSignedIn(result, context: context)
        }
    }

    static func reportSignedIn(_ result: SignInResult, context: CommandContext) throws {
        let account = TerminalText.sanitize(result.session.account)
        try context.output.write(
            "Signed in to \(context.server.displayName) as \(account); \(account) is now the active account.\n")
        try SessionReplacementNote.write(for: result, context: context)
    }

    /// Renders the device sign-in view model: the code and page on standard error while it waits (standard output
    /// keeps the one result line, as for a password sign-in), then the outcome.
    static func signInWithDevice(service: any DeviceSignInService, context: CommandContext) async throws -> SignInResult
    {
        let viewModel = DeviceSignInViewModel(service: service)
        await viewModel.start()
        if case .waiting(let prompt) = viewModel.state {
            // Everything shown came from the server: no control characters or escape sequences reach the terminal.
            var text =
                "To sign in, open \(TerminalText.sanitize(prompt.verificationURI.absoluteString)) and enter the code:\n\n"
            text += "    \(TerminalText.sanitize(prompt.userCode))\n\n"
            if let complete = prompt.verificationURIComplete {
                text += "Or open \(TerminalText.sanitize(complete.absoluteString)) (the code is filled in).\n"
            }
            let minutes = max(1, Int((prompt.expiresAt.timeIntervalSince(context.now()) / 60).rounded()))
            text +=
                "Waiting for approval (the code expires in \(minutes) minute\(minutes == 1 ? "" : "s"); Ctrl-C stops waiting)…\n"
            context.output.writeError(text)
        }
        await viewModel.complete()
        return try result(of: viewModel)
    }

    /// Renders the browser sign-in view model: the page is opened in the browser (through a private forwarding page,
    /// so that no process's arguments carry its state and challenge) and its address shown on standard error, which
    /// only this terminal sees, while it waits; then the outcome.
    static func signInWithBrowser(
        service: any BrowserSignInService, context: CommandContext
    ) async throws -> SignInResult {
        let viewModel = BrowserSignInViewModel(service: service)
        await viewModel.start()
        if case .waiting(let prompt) = viewModel.state {
            let address = TerminalText.sanitize(prompt.authorizationURL.absoluteString)
            context.output.writeError(
                "Opening the sign-in page of \(context.server.displayName) in your browser; if it does not open, visit:\n\n    \(address)\n\n"
            )
            do {
                try await context.browser.open(prompt.authorizationURL)
            } catch {
                context.output.writeError("The browser could not be started; open the address above yourself.\n")
            }
            let limit = FailureMessages.spoken(LoopbackRedirectListener.Limits.standard.overallTimeout)
            context.output.writeError(
                "Waiting for you to sign in in the browser (up to \(limit); Ctrl-C stops waiting)…\n")
        }
        await viewModel.complete()
        context.browser.signInEnded()
        return try result(of: viewModel)
    }

    /// What a finished sign-in flow stored, or its failure as the error the failure messages word.
    private static func result<Prompt>(of viewModel: SignInFlowViewModel<Prompt>) throws -> SignInResult {
        switch viewModel.state {
        case .signedIn(let result): return result
        case .failed(let error): throw error
        case .starting, .waiting: throw CommandFailure("Sign-in did not finish.", exitStatus: .failure)
        }
    }

    static func signIn(username: String, password: String, service: any OnboardingService) async throws -> SignInResult
    {
        let viewModel = SignInViewModel(service: service)
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
