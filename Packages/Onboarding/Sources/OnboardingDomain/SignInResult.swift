/// The outcome of signing in.
public struct SignInResult: Sendable, Equatable {
    public var session: SessionSummary
    /// The account whose session the sign-in replaced on this server, if another one was signed in.
    public var replacedAccount: String?
    /// Why revoking the replaced session at the server failed, if it did.
    public var replacedSessionRevocationFailure: OnboardingError?

    public init(
        session: SessionSummary, replacedAccount: String? = nil,
        replacedSessionRevocationFailure: OnboardingError? = nil
    ) {
        self.session = session
        self.replacedAccount = replacedAccount
        self.replacedSessionRevocationFailure = replacedSessionRevocationFailure
    }
}
