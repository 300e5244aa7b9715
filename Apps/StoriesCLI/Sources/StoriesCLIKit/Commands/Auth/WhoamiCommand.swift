import ArgumentParser
import CommandReference
import Foundation
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli whoami`: who the session belongs to, and how fresh it is. Never prints a token.
struct WhoamiCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show the signed-in account for this server.",
        discussion: """
            Asks the server which account the active session belongs to, renewing the session first when needed: \
            the username, the display name, whether the access token is fresh and when the session was last \
            refreshed; never a token. --json prints those as one object (schema: docs/json/whoami.schema.json).
            """
    )

    static let examples = [
        CommandExample("Which account commands use on the local server", "stories-cli whoami --server local"),
        CommandExample("Only the username, for a script", "stories-cli whoami --server local --json | jq -r .username"),
        CommandExample(
            "The account on a server given by its URL", "stories-cli whoami --server-url https://api.example.com/v1"),
    ]

    @Flag(help: "Print JSON instead of a human layout.")
    var json = false

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

    init() {}

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        try await services.withServer(context.server, clientStart: .atOnce) { services in
            let viewModel = CurrentAccountViewModel(service: services.onboarding)
            await viewModel.load()
            let user: UserAccount
            let session: SessionSummary
            switch viewModel.state {
            case .loaded(let loadedUser, let loadedSession): (user, session) = (loadedUser, loadedSession)
            case .failed(let error): throw error
            case .idle, .loading: return
            }
            let now = context.now()
            if json {
                try context.output.write(
                    try WhoamiJSON.encode(user: user, session: session, server: context.server, now: now))
                return
            }
            let username = TerminalText.sanitize(user.username)
            let name = user.displayName.map { "\(username) (\(TerminalText.sanitize($0)))" } ?? username
            let expiry =
                session.accessTokenExpiresAt.map { RelativeTime.phrase(for: $0, from: now) } ?? "unknown expiry"
            let freshness =
                session.isAccessTokenFresh(at: now)
                ? "fresh, expires \(expiry)" : "expired, renewed on the next request"
            try context.output.write(
                """
                \(name)
                server:        \(context.server.displayName)
                access token:  \(freshness)
                refreshed:     \(RelativeTime.phrase(for: session.refreshedAt, from: now))

                """
            )
        }
    }
}
