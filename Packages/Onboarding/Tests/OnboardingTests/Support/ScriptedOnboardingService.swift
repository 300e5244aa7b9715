import Foundation
import OnboardingDomain

/// An onboarding service that answers from a script.
struct ScriptedOnboardingService: OnboardingService {
    var registration: Result<UserAccount, OnboardingError> = .success(
        UserAccount(id: "u-9", username: "newbie", displayName: nil, createdAt: Date(timeIntervalSince1970: 0))
    )
    var signIn: Result<SignInResult, OnboardingError> = .success(
        SignInResult(
            session: SessionSummary(
                account: "newbie",
                server: "http://127.0.0.1:8080/v1",
                refreshedAt: Date(timeIntervalSince1970: 0),
                accessTokenExpiresAt: nil,
                isSignInRequired: false
            )
        )
    )

    func register(username: String, password: Password, displayName: String?) throws(OnboardingError) -> UserAccount {
        try registration.get()
    }
    func signIn(username: String, password: Password) throws(OnboardingError) -> SignInResult { try signIn.get() }
    var activeSignOut: Result<SignOutResult, OnboardingError> = .failure(.notSignedIn)
    /// What signing out a named account ends, by account; any other account is not signed in.
    var signOutsByAccount: [String: SignOutResult] = [:]
    var everyAccountSignOut: [SignOutResult] = []
    var signedInAccounts: [SessionSummary] = []

    func signOut() throws(OnboardingError) -> SignOutResult { try activeSignOut.get() }
    func signOut(account: String) throws(OnboardingError) -> SignOutResult {
        guard let result = signOutsByAccount[account] else { throw .unknownAccount(account) }
        return result
    }
    func signOutEveryAccount() -> [SignOutResult] { everyAccountSignOut }
    func switchAccount(to account: String) throws(OnboardingError) -> SessionSummary { throw .unknownAccount(account) }
    func accounts() -> [SessionSummary] { signedInAccounts }
    func currentUser() throws(OnboardingError) -> UserAccount { throw .notSignedIn }
    func currentSession() -> SessionSummary? { nil }
}
