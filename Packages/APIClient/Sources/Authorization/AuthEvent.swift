/// What happened to a session, for whoever wants to know (a status line, a log, a "signed out" screen).
public enum AuthEvent: Sendable, Equatable {
    /// New tokens were stored; `generation` is the stored credential's new generation.
    case refreshed(account: String, generation: Int64)
    /// Another process had already refreshed; its tokens were adopted without a request.
    case adoptedRefreshFromAnotherProcess(generation: Int64)
    /// The answer to a refresh request was lost on the way back (the server may have rotated the token), so the
    /// same refresh token was presented once more.
    case refreshRetriedAfterLostAnswer
    /// A refresh failed; the stored session is unchanged unless `reason` is `.sessionRejected`.
    case refreshFailed(reason: RefreshFailureReason)
    /// The session ended.
    case signedOut(reason: SignOutReason)
}

/// Why a refresh failed, in the RFC 6749 §5.2 taxonomy.
public enum RefreshFailureReason: Sendable, Equatable {
    /// `invalid_grant`: the refresh token is dead.
    case sessionRejected
    /// Network, 5xx, 429 or an unusable response: retry later.
    case transient
    /// `invalid_client` and friends: the app or server is misconfigured.
    case misconfigured
    /// The store cannot be written, so no refresh token was spent.
    case storeUnavailable
    /// Refreshing was stopped by the excessive-refresh guard.
    case tooManyRefreshes
    /// Another command signed out or signed in while the refresh ran; the tokens it received were revoked.
    case sessionEnded
}

/// Why a session ended.
public enum SignOutReason: Sendable, Equatable {
    /// The server refused the refresh token; the user must sign in again.
    case sessionRejected
    /// The session was removed on purpose.
    case userRequested
}
