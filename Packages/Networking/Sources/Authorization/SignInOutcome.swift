/// The outcome of a sign-in.
public struct SignInOutcome: Sendable, Equatable {
    /// The new session, as stored.
    public var credential: Credential
    /// The usable session the sign-in replaced, if there was one.
    public var replaced: EndedSession?

    public init(credential: Credential, replaced: EndedSession?) {
        self.credential = credential
        self.replaced = replaced
    }
}
