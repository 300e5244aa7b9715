/// The outcome of a sign-in.
public struct SignInOutcome: Sendable, Equatable {
    /// The new session, as stored; its account is now the origin's active one.
    public var credential: Credential
    /// The usable session of the same account that the sign-in replaced, if there was one.
    public var replaced: EndedSession?
    /// The account that was active before, when it was another one; its session is kept.
    public var previouslyActiveAccount: String?

    public init(credential: Credential, replaced: EndedSession?, previouslyActiveAccount: String? = nil) {
        self.credential = credential
        self.replaced = replaced
        self.previouslyActiveAccount = previouslyActiveAccount
    }
}
