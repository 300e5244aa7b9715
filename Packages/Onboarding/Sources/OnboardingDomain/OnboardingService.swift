/// Account and session operations for one server, which may have sessions of several accounts, one of them active.
public protocol OnboardingService: Sendable {
    /// Creates an account. Does not sign in.
    func register(
        username: String, password: Password, displayName: String?
    ) async throws(OnboardingError) -> UserAccount

    /// Signs in and makes the account the active one; a session the same account had is replaced and revoked at the
    /// server, other accounts' sessions are kept.
    func signIn(username: String, password: Password) async throws(OnboardingError) -> SignInResult

    /// Revokes the active session at the server, then removes it locally — also when revoking fails. The account
    /// active before it, if any, becomes active.
    func signOut() async throws(OnboardingError) -> SignOutResult

    /// Signs `account` out as `signOut()` does the active one; `unknownAccount` when it has no session here.
    func signOut(account: String) async throws(OnboardingError) -> SignOutResult

    /// Signs out every account of this server; empty when none was signed in.
    func signOutEveryAccount() async throws(OnboardingError) -> [SignOutResult]

    /// Makes `account` the active one; `unknownAccount` when it has no session here.
    func switchAccount(to account: String) async throws(OnboardingError) -> SessionSummary

    /// Every account signed in to this server, without a request, with which one is active.
    func accounts() async throws(OnboardingError) -> [SessionSummary]

    /// The account the current session belongs to, as the server sees it.
    func currentUser() async throws(OnboardingError) -> UserAccount

    /// The stored session, if any, without a request.
    func currentSession() async throws(OnboardingError) -> SessionSummary?
}
