import Foundation

/// A stored session for one server.
public struct Credential: Sendable, Equatable {
    /// The server that issued the tokens; they are never sent anywhere else.
    public var origin: ServerOrigin
    /// The username the session belongs to.
    public var account: String
    public var accessToken: Secret
    /// Kept when a refresh response carries none (RFC 6749 §6, requirement B2).
    public var refreshToken: Secret?
    public var tokenType: String
    public var scope: String?
    /// When the access token stops working, if the server said (`nil`: unknown, rely on 401).
    public var expiresAt: Date?
    /// When the request that issued the access token was sent.
    public var issuedAt: Date
    /// Bumped by every write; compare-and-swap on it keeps concurrent writers honest (requirement E6).
    public var generation: Int64

    public init(
        origin: ServerOrigin,
        account: String,
        accessToken: Secret,
        refreshToken: Secret?,
        tokenType: String = "Bearer",
        scope: String? = nil,
        expiresAt: Date?,
        issuedAt: Date,
        generation: Int64 = 0
    ) {
        self.origin = origin
        self.account = account
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.scope = scope
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        self.generation = generation
    }
}
