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

/// Why an onboarding operation failed. Each case says what the user can do.
public enum OnboardingError: Error, Sendable, Equatable {
    /// The input breaks the account rules (the message says which).
    case invalidInput(String)
    case usernameTaken
    /// Wrong username or password.
    case wrongCredentials
    case notSignedIn
    /// The server no longer accepts the session: sign in again.
    case sessionExpired
    case unreachable(reason: String)
    case malformedResponse(reason: String)
    case credentialsUnavailable(reason: String)
    case unexpected(reason: String)
}
