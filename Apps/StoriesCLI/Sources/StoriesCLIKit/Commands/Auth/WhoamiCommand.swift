import ArgumentParser
import Foundation
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli whoami`: who the session belongs to, and how fresh it is. Never prints a token.
struct WhoamiCommand: StoriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show the signed-in account for this server.",
        discussion: """
            --json prints {"username", "displayName" (or null), "server", "accessTokenFresh", \
            "accessTokenExpiresAt" (RFC 3339 or null), "refreshedAt" (RFC 3339)}.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Print JSON instead of a human layout.")
    var json = false

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
