import ArgumentParser
import CommandReference
import CredentialsStore
import Foundation
import OnboardingDomain
import OnboardingPresentation

/// `stories-cli status`: every account signed in to every server, without a request and never with a token.
struct StatusCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show every signed-in account on every server, the active ones marked.",
        discussion: """
            Reads the credentials file only: no request, and never a token. For each server, each account (the \
            active one, which the other commands use, marked "(active)" and listed first), whether its access \
            token is fresh and when the session was last refreshed; the server commands use when none is given is \
            marked "(default)".

            Exits 77 after the listing when a session needs a new sign-in (the server ended it), naming the \
            command that signs in again, so that a script can tell; and when there is no session at all (as gh \
            auth status fails). --json prints one object per account (schema: docs/json/status.schema.json).

            Each account's storage is named: sealed (its tokens encrypted with a key in the OS keyring) or plain \
            (in the 0600 file itself, chosen with `login --insecure-storage`, or a file from before sealing). A \
            sealed file's accounts are listed even when this session cannot reach the keyring (an SSH session, or \
            a tmux started outside the desktop: no D-Bus session bus); status then exits 78 and names the ways \
            out. A file sealed by a keyring that does not hold its key (another machine or home) exits 77: sign \
            in again.
            """
    )

    static let examples = [
        CommandExample("Every signed-in account on every server", "stories-cli status"),
        CommandExample(
            "In a script, stop when no session is signed in or one needs a new sign-in (exit 77)",
            "stories-cli status > /dev/null || exit"),
        CommandExample(
            "The active account of each server",
            "stories-cli status --json | jq -r '.[] | select(.isActive) | .server + \" \" + .account'"),
    ]

    @Flag(help: "Print JSON instead of a human layout.")
    var json = false

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

    init() {}

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        let storage = try await services.credentialsStorage() ?? context.newFileStorage
        let viewModel = StoredSessionsViewModel(listing: try services.storedSessionListing())
        await viewModel.load()
        switch viewModel.state {
        case .loaded: break
        case .failed(let error): throw error
        case .idle, .loading: return
        }
        let now = context.now()
        // The server commands use when none is given, whichever --server this command was given.
        let defaultURL = context.defaultServer?.url.absoluteString
        let entry = { (session: SessionSummary) in
            SessionStatus(
                session: session,
                server: ResolvedServer.matching(url: URL(string: session.server) ?? context.server.url),
                isDefault: session.server == defaultURL,
                storage: storage,
                now: now)
        }
        guard case .loaded(let sessions) = viewModel.state else { return }
        if json {
            // As the store lists them.
            try context.output.write(try StoryJSON.encode(sessions.map(entry)))
        } else {
            try writeHuman(viewModel.servers.flatMap(\.sessions).map(entry), in: context, now: now)
        }
        if sessions.isEmpty { throw Self.noSessions(context) }
        // Listed from what the file says without its key; whether the other commands can open the sessions is
        // the keyring's to say (78 when this session cannot reach it, 77 when it has no key for the file).
        if storage == .sealed { try await services.verifyCredentialsKey() }
        try Self.requireNoEndedSession(sessions.map(entry))
    }

    /// No session at all: not signed in (77), as gh's `auth status` fails, so that `status || exit` stops a script.
    static func noSessions(_ context: CommandContext) -> CommandFailure {
        CommandFailure(
            "No stored sessions. Sign in with `\(context.server.loginCommand)`.", exitStatus: .signInRequired)
    }

    /// Fails with exit 77 when a session needs a new sign-in, naming the first one and its command.
    static func requireNoEndedSession(_ entries: [SessionStatus]) throws {
        let ended = entries.filter(\.session.isSignInRequired)
        guard let first = ended.first else { return }
        let account = TerminalText.sanitize(first.session.account)
        let others = ended.count > 1 ? " (and \(ended.count - 1) more)" : ""
        throw CommandFailure(
            "The session of \(account) on \(first.server.displayName) needs a new sign-in\(others): `\(first.server.loginCommand) --username=\(ShellWord.quoted(account))`.",
            exitStatus: .signInRequired)
    }

    private func writeHuman(_ entries: [SessionStatus], in context: CommandContext, now: Date) throws {
        // By server, each server's active account first.
        // No session: nothing to list; execute reports it on stderr.
        guard !entries.isEmpty else { return }
        var text = ""
        var previousServer: String?
        for entry in entries {
            if entry.session.server != previousServer {
                let marker = entry.isDefault ? " (default)" : ""
                text += "\(entry.server.displayName)\(marker)\n"
                previousServer = entry.session.server
            }
            let active = entry.session.isActive ? " (active)" : ""
            text += "  account:       \(TerminalText.sanitize(entry.session.account))\(active)\n"
            text += "  access token:  \(entry.freshness(now: now))\n"
            text += "  refreshed:     \(RelativeTime.phrase(for: entry.session.refreshedAt, from: now))\n"
            text +=
                entry.session.isDPoPBound
                ? "  tokens:        DPoP, bound to this device's key (RFC 9449)\n"
                : "  tokens:        Bearer (the server offers no DPoP)\n"
            if let issuer = entry.session.issuer {
                text += "  issued by:     \(TerminalText.sanitize(issuer))\n"
            }
            text += "  storage:       \(entry.storageDescription)\n"
        }
        try context.output.write(text)
    }
}

/// One line of `status`: a stored session and how it stands now.
struct SessionStatus: Encodable {
    let session: SessionSummary
    let server: ResolvedServer
    let isDefault: Bool
    let storage: CredentialsStorage
    let now: Date

    var storageDescription: String {
        switch storage {
        case .sealed: "sealed (tokens encrypted with a key in the OS keyring)"
        case .plain: "plain (tokens in the 0600 file itself; `stories-cli storage seal` seals them)"
        }
    }

    func freshness(now: Date) -> String {
        if session.isSignInRequired { return "ended by the server; sign in again with `\(server.loginCommand)`" }
        guard let expiry = session.accessTokenExpiresAt else { return "fresh (expiry unknown)" }
        return session.isAccessTokenFresh(at: now)
            ? "fresh, expires \(RelativeTime.phrase(for: expiry, from: now))"
            : "expired \(RelativeTime.phrase(for: expiry, from: now)), renewed on the next request"
    }

    enum CodingKeys: String, CodingKey {
        case server, name, account, isActive, accessTokenFresh, accessTokenExpiresAt, refreshedAt, signInRequired,
            isDefault, issuer, tokenType, storage
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session.server, forKey: .server)
        try container.encode(server.name?.rawValue, forKey: .name)
        try container.encode(session.account, forKey: .account)
        try container.encode(session.isActive, forKey: .isActive)
        try container.encode(session.isAccessTokenFresh(at: now), forKey: .accessTokenFresh)
        try container.encode(session.accessTokenExpiresAt, forKey: .accessTokenExpiresAt)
        try container.encode(session.refreshedAt, forKey: .refreshedAt)
        try container.encode(session.isSignInRequired, forKey: .signInRequired)
        try container.encode(isDefault, forKey: .isDefault)
        try container.encode(session.issuer, forKey: .issuer)
        try container.encode(session.isDPoPBound ? "DPoP" : "Bearer", forKey: .tokenType)
        try container.encode(storage.rawValue, forKey: .storage)
    }
}
