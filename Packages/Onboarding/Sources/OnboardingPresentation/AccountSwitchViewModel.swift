import Observation
import OnboardingDomain

/// Switching the active account of a server, as a screen shows it: with a chosen account, that one; without, the other
/// of two accounts, as `gh auth switch` does, or the list to choose from when there are more.
///
/// Isolation: not `Sendable`; `switchAccount(to:)` runs on the caller's actor (see `SignInFlowViewModel`).
@Observable
public final class AccountSwitchViewModel {
    public enum State: Sendable, Equatable {
        case idle
        case switching
        /// `session` is the active account now; its session may have been ended by the server
        /// (`isSignInRequired`).
        case switched(SessionSummary)
        /// Only `account` is signed in: there is nothing to switch to.
        case onlyAccount(SessionSummary)
        /// The chosen account is the active one already; nothing changed.
        case alreadyActive(SessionSummary)
        /// More than two accounts are signed in and none was chosen: choose one of `accounts`.
        case choosing(accounts: [SessionSummary])
        /// `.notSignedIn` with no account at all; `.unknownAccount` for a chosen account with no session here.
        case failed(OnboardingError)
    }

    public private(set) var state: State = .idle

    @ObservationIgnored private let service: any OnboardingService

    public init(service: any OnboardingService) {
        self.service = service
    }

    /// Makes `account` active, or with `nil` picks as described above. Makes no request to the server.
    public nonisolated(nonsending) func switchAccount(to account: String?) async {
        state = .switching
        do throws(OnboardingError) {
            let target: String
            if let account {
                if let active = try await service.accounts().first(where: { $0.account == account && $0.isActive }) {
                    state = .alreadyActive(active)
                    return
                }
                target = account
            } else {
                let accounts = try await service.accounts()
                switch accounts.count {
                case 0: throw .notSignedIn
                case 1:
                    state = .onlyAccount(accounts[0])
                    return
                case 2:
                    guard let other = accounts.first(where: { !$0.isActive }) else { throw .notSignedIn }
                    target = other.account
                default:
                    state = .choosing(accounts: accounts)
                    return
                }
            }
            state = .switched(try await service.switchAccount(to: target))
        } catch {
            state = .failed(error)
        }
    }
}
