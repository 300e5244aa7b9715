import Foundation
import OnboardingDomain
import Synchronization

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
    /// Switching makes a signed-in account active; any other account is not signed in.
    func switchAccount(to account: String) throws(OnboardingError) -> SessionSummary {
        guard var session = signedInAccounts.first(where: { $0.account == account }) else {
            throw .unknownAccount(account)
        }
        session.isActive = true
        return session
    }
    func accounts() -> [SessionSummary] { signedInAccounts }
    var user: Result<UserAccount, OnboardingError> = .failure(.notSignedIn)
    /// The session before and after asking the server for the user (a request may renew it).
    var sessionsBeforeAndAfterRequest: (before: SessionSummary?, after: SessionSummary?) = (nil, nil)
    private let requestsMade = RequestCount()
    func currentUser() throws(OnboardingError) -> UserAccount {
        requestsMade.increment()
        return try user.get()
    }
    func currentSession() -> SessionSummary? {
        requestsMade.value == 0 ? sessionsBeforeAndAfterRequest.before : sessionsBeforeAndAfterRequest.after
    }
    /// How many times the server was asked for the user.
    var userRequests: Int { requestsMade.value }
}

/// A counter the scripted service shares between its copies.
final class RequestCount: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
