/// The session operations an onboarding flow needs, over whatever stores and refreshes the tokens.
public protocol SessionManaging: Sendable {
    /// The origin this session belongs to.
    var origin: ServerOrigin { get }

    /// Exchanges a username and password for tokens and stores them, replacing any session for this origin.
    @discardableResult
    func signIn(username: String, password: Secret) async throws -> Credential

    /// The stored session, if any.
    func storedCredential() async throws -> Credential?

    /// Removes the local session (securely) and returns what was removed.
    @discardableResult
    func signOut() async throws -> Credential?
}
