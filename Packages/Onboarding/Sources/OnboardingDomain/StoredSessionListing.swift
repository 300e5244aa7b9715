/// Every session stored on this device, for every server and account: what a "signed-in accounts" screen lists. Never
/// a token.
public protocol StoredSessionListing: Sendable {
    /// The stored sessions, in the store's order (grouped by server).
    func storedSessions() async throws(OnboardingError) -> [SessionSummary]
}
