/// Account and session operations for one server.
public protocol OnboardingService: Sendable {
    /// Creates an account. Does not sign in.
    func register(
        username: String, password: Password, displayName: String?
    ) async throws(OnboardingError) -> UserAccount

    /// Signs in, replacing any session this server had; the replaced session is revoked at the server.
    func signIn(username: String, password: Password) async throws(OnboardingError) -> SignInResult

    /// Revokes the session at the server, then removes it locally — also when revoking fails.
    func signOut() async throws(OnboardingError) -> SignOutResult

    /// The account the current session belongs to, as the server sees it.
    func currentUser() async throws(OnboardingError) -> UserAccount

    /// The stored session, if any, without a request.
    func currentSession() async throws(OnboardingError) -> SessionSummary?
}
