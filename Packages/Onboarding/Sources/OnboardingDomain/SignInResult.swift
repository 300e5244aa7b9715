/// The outcome of signing in.
public struct SignInResult: Sendable, Equatable {
    public var session: SessionSummary
    /// The account whose earlier session on this server the sign-in replaced (and revoked): the same account, signed
    /// in again.
    public var replacedAccount: String?
    /// Why revoking the replaced session at the server failed, if it did.
    public var replacedSessionRevocationFailure: OnboardingError?
    /// The account that was active on this server before, when it was another one; it stays signed in.
    public var previouslyActiveAccount: String?

    public init(
        session: SessionSummary, replacedAccount: String? = nil,
        replacedSessionRevocationFailure: OnboardingError? = nil, previouslyActiveAccount: String? = nil
    ) {
        self.session = session
        self.replacedAccount = replacedAccount
        self.replacedSessionRevocationFailure = replacedSessionRevocationFailure
        self.previouslyActiveAccount = previouslyActiveAccount
    }
}
