/// The outcome of signing out. The local session is gone in every case.
public struct SignOutResult: Sendable, Equatable {
    public var account: String
    public var server: String
    /// Why revoking the refresh token at the server failed, if it did (the token may stay valid there until it
    /// expires).
    public var revocationFailure: OnboardingError?

    public init(account: String, server: String, revocationFailure: OnboardingError?) {
        self.account = account
        self.server = server
        self.revocationFailure = revocationFailure
    }
}
