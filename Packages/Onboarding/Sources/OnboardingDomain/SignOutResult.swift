/// The outcome of signing out. The local session is gone in every case.
public struct SignOutResult: Sendable, Equatable {
    public var account: String
    public var server: String
    /// Why revoking the refresh token at the server failed, if it did (the token may stay valid there until it
    /// expires).
    public var revocationFailure: OnboardingError?
    /// The account active on the server afterwards, if any is still signed in there.
    public var activeAccount: String?

    public init(account: String, server: String, revocationFailure: OnboardingError?, activeAccount: String? = nil) {
        self.account = account
        self.server = server
        self.revocationFailure = revocationFailure
        self.activeAccount = activeAccount
    }
}
