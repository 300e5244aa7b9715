import Foundation

/// What the app may show about a session: never a token.
public struct SessionSummary: Sendable, Equatable {
    /// The username the session belongs to.
    public var account: String
    /// The server's base URL.
    public var server: String
    /// When the current access token was issued (sign-in or last refresh).
    public var refreshedAt: Date
    /// When the current access token expires, if the server said.
    public var accessTokenExpiresAt: Date?
    /// The server refused to renew the session; only a new sign-in helps.
    public var isSignInRequired: Bool

    public init(account: String, server: String, refreshedAt: Date, accessTokenExpiresAt: Date?, isSignInRequired: Bool)
    {
        self.account = account
        self.server = server
        self.refreshedAt = refreshedAt
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.isSignInRequired = isSignInRequired
    }

    /// Whether the access token can still be used at `now` (unknown expiry counts as fresh).
    public func isAccessTokenFresh(at now: Date) -> Bool {
        !isSignInRequired && (accessTokenExpiresAt.map { now < $0 } ?? true)
    }
}

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
