import Observation
import OnboardingDomain

/// "Who am I" as a screen shows it: the signed-in account as the server sees it, and the stored session behind it.
///
/// Isolation: not `Sendable`; `load()` runs on the caller's actor (see `SignInFlowViewModel`).
@Observable
public final class CurrentAccountViewModel {
    public enum State: Sendable, Equatable {
        case idle
        case loading
        /// The account, and the session as it is after asking the server (which may have renewed it).
        case loaded(user: UserAccount, session: SessionSummary)
        /// `.notSignedIn` when there is no session, without asking the server.
        case failed(OnboardingError)
    }

    public private(set) var state: State = .idle

    @ObservationIgnored private let service: any OnboardingService

    public init(service: any OnboardingService) {
        self.service = service
    }

    /// Asks the server who the session belongs to, unless there is no session to ask with.
    public nonisolated(nonsending) func load() async {
        state = .loading
        do throws(OnboardingError) {
            guard try await service.currentSession() != nil else { throw .notSignedIn }
            let user = try await service.currentUser()
            // Asking the server may have renewed the session: read it after.
            guard let session = try await service.currentSession() else { throw .notSignedIn }
            state = .loaded(user: user, session: session)
        } catch {
            state = .failed(error)
        }
    }
}
