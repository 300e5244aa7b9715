import OnboardingDomain

/// What signing out did.
public struct SignOutOutcome: Sendable, Equatable {
    /// The sessions that ended, each with whether revoking it at the server failed; empty when none was signed in.
    public var ended: [SignOutResult]
    /// The account that became the active one because the active account signed out and another is signed in to the
    /// server; `nil` otherwise.
    public var newlyActiveAccount: String?

    public init(ended: [SignOutResult], newlyActiveAccount: String? = nil) {
        self.ended = ended
        self.newlyActiveAccount = newlyActiveAccount
    }
}
