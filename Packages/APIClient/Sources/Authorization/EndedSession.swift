/// A session that ended (signed out, or replaced by a new sign-in) and whether the server confirmed the end.
public struct EndedSession: Sendable, Equatable {
    /// The session as it was stored when it ended.
    public var credential: Credential
    /// Why revoking its tokens at the server failed; `nil` when the server revoked them. Locally the session is
    /// gone either way.
    public var revocationFailure: TokenEndpointError?

    public init(credential: Credential, revocationFailure: TokenEndpointError?) {
        self.credential = credential
        self.revocationFailure = revocationFailure
    }
}
