import Observation
import OnboardingDomain

/// Signing out of one server as a screen shows it: which sessions ended, which account is active afterwards, and for
/// each session whether revoking it at the server failed (the local session is gone in every case).
///
/// Isolation: not `Sendable`; `signOut(_:)` runs on the caller's actor (see `SignInFlowViewModel`).
@Observable
public final class SignOutViewModel {
    /// Whose sessions to end.
    public enum Scope: Sendable, Equatable {
        /// The active account's.
        case activeAccount
        /// This account's, active or not.
        case account(String)
        /// Every account's on the server.
        case everyAccount
    }

    public enum State: Sendable, Equatable {
        case idle
        case signingOut
        /// Signed out, or nothing to sign out of (no session ended).
        case signedOut(SignOutOutcome)
        case failed(OnboardingError)
    }

    public private(set) var state: State = .idle

    @ObservationIgnored private let service: any OnboardingService

    public init(service: any OnboardingService) {
        self.service = service
    }

    /// Ends the sessions `scope` names. Not being signed in is not a failure: nothing ends.
    public nonisolated(nonsending) func signOut(_ scope: Scope) async {
        state = .signingOut
        do throws(OnboardingError) {
            switch scope {
            case .activeAccount:
                let ended = try await service.signOut()
                state = .signedOut(SignOutOutcome(ended: [ended], newlyActiveAccount: ended.activeAccount))
            case .account(let account):
                // Which account is active afterwards is news only when the active one signed out.
                let wasActive = try await service.accounts().contains { $0.account == account && $0.isActive }
                let ended = try await service.signOut(account: account)
                state = .signedOut(
                    SignOutOutcome(ended: [ended], newlyActiveAccount: wasActive ? ended.activeAccount : nil))
            case .everyAccount:
                state = .signedOut(SignOutOutcome(ended: try await service.signOutEveryAccount()))
            }
        } catch .notSignedIn {
            state = .signedOut(SignOutOutcome(ended: []))
        } catch {
            state = .failed(error)
        }
    }
}
