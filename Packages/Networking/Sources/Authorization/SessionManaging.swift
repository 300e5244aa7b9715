/// The session operations an onboarding flow needs, over whatever stores and refreshes the tokens.
public protocol SessionManaging: Sendable {
    /// The origin this session belongs to.
    var origin: ServerOrigin { get }

    /// Exchanges a username and password for tokens and stores them, replacing (and revoking) any session for this
    /// origin.
    func signIn(username: String, password: Secret) async throws -> SignInOutcome

    /// The stored session, if any.
    func storedCredential() async throws -> Credential?

    /// Revokes the stored session's tokens at the server and removes it locally; `nil` when none was stored.
    func signOut() async throws -> EndedSession?
}
