import APIClientLive
import Authorization
import CredentialsStore
import Foundation
import OnboardingDomain

/// What a command is handed to do its work: the services of a server, and the sessions stored on this machine. The
/// composition root builds them once per run and hands them in; a command never builds a service itself.
protocol CommandServices: Sendable {
    /// Runs `body` with the live services of `server` and shuts them down afterwards, whatever happens.
    ///
    /// - Parameters:
    ///   - account: the account whose session the services use; `nil` for the server's active account.
    ///   - clientStart: when the HTTP client is created; `.atOnce` for a command whose work is a request to the
    ///     server (see `HTTPClientStart`).
    func withServer<Result: Sendable>(
        _ server: ResolvedServer,
        account: String?,
        clientStart: HTTPClientStart,
        _ body: (ServerServices) async throws -> Result
    ) async throws -> Result

    /// Every stored session of every account on this machine (never a token). A missing credentials file is no
    /// sessions, and is not created.
    func storedSessionListing() throws -> any StoredSessionListing

    /// The base URLs of every server with a stored session, each once.
    func serversWithSessions() async throws -> [URL]

    /// Throws unless a sign-in's session can be kept: for sealed storage, the keyring must be usable (and an
    /// existing sealed file gets its data key now). Checked before a sign-in asks anything of anyone.
    func prepareCredentialsForSignIn() async throws

    /// Throws `APINotFoundAtServerURL` when `server`'s URL answers 404 for the API and its `/v1` answers (a URL
    /// without the API's `/v1`), before a sign-in there stores a session that no command could use.
    func verifyServerURL(_ server: ResolvedServer) async throws

    /// Throws the keyring's failure when the credentials file is sealed and its data key cannot be fetched, as
    /// every command that reads a secret would; nothing for a plain file or none. For commands that read no secret.
    func verifyCredentialsKey() async throws

    /// Deletes the sessions `isForgotten` picks from the credentials file without opening them (so without the
    /// keyring, and without revoking them) and returns them: `logout` where a sealed file's key cannot be reached.
    func forgetSessionsWithoutOpening(
        where isForgotten: @escaping @Sendable (StoredSessionFacts) -> Bool
    ) async throws -> [StoredSessionFacts]

    /// How the credentials file keeps its tokens; `nil` when there is no file.
    func credentialsStorage() async throws -> CredentialsStorage?

    /// Moves every session of the credentials file to `storage`, holding the refresh lock so that no other process
    /// renews a session meanwhile; returns whether anything changed.
    func changeCredentialsStorage(to storage: CredentialsStorage) async throws -> Bool
}

extension CommandServices {
    /// `withServer(_:account:clientStart:_:)` for the server's active account.
    func withServer<Result: Sendable>(
        _ server: ResolvedServer,
        clientStart: HTTPClientStart,
        _ body: (ServerServices) async throws -> Result
    ) async throws -> Result {
        try await withServer(server, account: nil, clientStart: clientStart, body)
    }
}
