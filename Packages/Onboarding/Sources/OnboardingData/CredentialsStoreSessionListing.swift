import Authorization
import DomainFailure
import OnboardingDomain

/// The stored sessions, read from a credentials store.
public struct CredentialsStoreSessionListing: StoredSessionListing {
    private let store: (any CredentialsStoring)?

    /// - Parameter store: the store to read; `nil` when there is none yet (no file), which holds no sessions. A
    ///   front that must not create a store by reading it passes `nil` instead of opening one.
    public init(store: (any CredentialsStoring)?) {
        self.store = store
    }

    public func storedSessions() async throws(OnboardingError) -> [SessionSummary] {
        guard let store else { return [] }
        do {
            // The facts alone: a sealed file's accounts are listed even when its key cannot be reached.
            return try await store.allSessionFacts().map(SessionSummary.init)
        } catch {
            throw .credentialsUnavailable(FailureCause(error))
        }
    }
}
