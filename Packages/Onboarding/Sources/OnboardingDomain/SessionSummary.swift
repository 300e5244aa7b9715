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
    /// Whether requests to its server use this session (a server may have sessions of several accounts).
    public var isActive: Bool
    /// The authorization server that issued the session, by its issuer identifier; `nil` when the server published
    /// no metadata and its own token endpoint did.
    public var issuer: String?
    /// Whether the tokens are bound to this device's DPoP key (RFC 9449), so that a copy of them is worth nothing
    /// elsewhere; otherwise they are bearer tokens (the server's metadata offers no DPoP).
    public var isDPoPBound: Bool

    public init(
        account: String, server: String, refreshedAt: Date, accessTokenExpiresAt: Date?, isSignInRequired: Bool,
        isActive: Bool = true, issuer: String? = nil, isDPoPBound: Bool = false
    ) {
        self.account = account
        self.server = server
        self.refreshedAt = refreshedAt
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.isSignInRequired = isSignInRequired
        self.isActive = isActive
        self.issuer = issuer
        self.isDPoPBound = isDPoPBound
    }

    /// Whether the access token can still be used at `now` (unknown expiry counts as fresh).
    public func isAccessTokenFresh(at now: Date) -> Bool {
        !isSignInRequired && (accessTokenExpiresAt.map { now < $0 } ?? true)
    }
}
