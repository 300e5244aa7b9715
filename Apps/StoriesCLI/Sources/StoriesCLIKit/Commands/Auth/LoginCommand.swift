import APIClientLive
import ArgumentParser
import Foundation
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli login`: signs in and stores the session for one server.
struct LoginCommand: StoriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and store the session for this server.",
        discussion: """
            The password is read without echo from the terminal, or from standard input with --password-stdin \
            (for scripts: `printf '%s\\n' "$PASSWORD" | stories-cli login --username demo --password-stdin`). \
            It is never accepted as an argument. The account becomes the server's active one, which the other \
            commands use; accounts signed in before stay signed in (`stories-cli switch` goes back, `stories-cli \
            status` lists them). Signing in again as the same account replaces its session and revokes the old one; \
            sessions for other servers are untouched.

            Without --username, --password-stdin or --device, login signs in in your web browser (authorization \
            code with PKCE, RFC 7636 and RFC 8252): it listens on 127.0.0.1 on a free port, opens the sign-in \
            page of the authorization server the API names with $BROWSER (the page's address as its last argument, or in place of %s), else xdg-open \
            in a graphical session, prints the address on standard error in case the browser does not open, and \
            waits up to 5 minutes for the browser to come back. When no browser can be opened, or the server does \
            not offer browser sign-in, it signs in with a device code instead. The password never passes through \
            stories-cli.

            Every sign-in first finds the authorization server: the one the API names in its protected-resource \
            metadata (RFC 9728), on any origin and path, else the API's own origin; its metadata (RFC 8414, or \
            OpenID Connect discovery) gives every endpoint. The session remembers that server, and is renewed and \
            revoked there only.

            --device signs in without a password here (RFC 8628): it prints a code and a web page (on standard \
            error), and waits while you open the page on any device, sign in and approve; the server's polling \
            interval is kept.

            --username (prompting for the password without echo on a terminal) and --password-stdin use the \
            password grant, which the server may have turned off.

            Ctrl-C stops waiting (exit 130). A sign-in denied on the server's page exits 79; a device code that \
            expired, or a browser that did not come back in time, exits 75.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var credentials: CredentialInputOptions

    @Flag(
        help:
            "Sign in with a code approved on a web page on any device (device authorization), even where a browser can be opened."
    )
    var device = false

    init() {}

    func validate() throws {
        if device, credentials.username != nil || credentials.passwordStdin {
            throw ValidationError("--device cannot be combined with --username or --password-stdin.")
        }
    }

    func execute(in context: CommandContext, services: any CommandServices) async throws {
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
                try context.browser.open(prompt.authorizationURL)
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
