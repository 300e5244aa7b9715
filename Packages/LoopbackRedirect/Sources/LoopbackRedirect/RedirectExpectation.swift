import Authorization
import Synchronization

/// What the listener waits for, shared by every connection's handler.
final class RedirectExpectation: Sendable {
    let path: String
    let state: AuthorizationState
    let issuer: ExpectedIssuer?
    let limits: LoopbackRedirectListener.Limits
    let outcome: RedirectOutcome
    /// What the browser is answered.
    let pages: RedirectPages
    /// Whether a request to `path` has been taken: only the first one is.
    private let claimed = Mutex(false)

    init(
        path: String, state: AuthorizationState, issuer: ExpectedIssuer?, limits: LoopbackRedirectListener.Limits,
        outcome: RedirectOutcome, pages: RedirectPages
    ) {
        self.path = path
        self.state = state
        self.issuer = issuer
        self.limits = limits
        self.outcome = outcome
        self.pages = pages
    }

    /// True for the first caller only.
    func claim() -> Bool {
        claimed.withLock { wasClaimed in
            defer { wasClaimed = true }
            return !wasClaimed
        }
    }
}
