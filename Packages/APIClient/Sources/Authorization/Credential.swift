import Foundation
import RFC9449

/// A stored session for one server.
public struct Credential: Sendable, Equatable {
    /// The API the tokens are for; the access token is never sent anywhere else.
    public var origin: ServerOrigin
    /// The authorization server that issued the tokens, and its endpoints: the refresh token goes to its token
    /// endpoint only, and both tokens to its revocation endpoint only.
    public var authorizationServer: AuthorizationServer
    /// The username the session belongs to.
    public var account: String
    public var accessToken: Secret
    /// Kept when a refresh response carries none (RFC 6749 §6).
    public var refreshToken: Secret?
    public var tokenType: String
    public var scope: String?
    /// When the access token stops working, if the server said (`nil`: unknown, rely on 401).
    public var expiresAt: Date?
    /// When the request that issued the access token was sent.
    public var issuedAt: Date
    /// Bumped by every write; compare-and-swap on it keeps concurrent writers honest.
    public var generation: Int64
    /// The server refused the refresh token (`invalid_grant`): only a new sign-in helps. Kept rather than deleted so
    /// that messages can still say whose session ended and where.
    public var isSignInRequired: Bool
    /// The account's DPoP key (RFC 9449) when the tokens are bound to it (`tokenType` `DPoP`): every token request
    /// and API call carries a proof signed with it. Never log or print it.
    public var dpopKey: DPoPSigningKey?

    /// A session; `authorizationServer` is where its tokens were issued, `nil` for the contract's endpoints of
    /// `origin`.
    public init(
        origin: ServerOrigin,
        account: String,
        accessToken: Secret,
        refreshToken: Secret?,
        tokenType: String = "Bearer",
        scope: String? = nil,
        expiresAt: Date?,
        issuedAt: Date,
        generation: Int64 = 0,
        isSignInRequired: Bool = false,
        authorizationServer: AuthorizationServer? = nil,
        dpopKey: DPoPSigningKey? = nil
    ) {
        self.origin = origin
        self.authorizationServer = authorizationServer ?? .contract(of: origin)
        self.account = account
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.scope = scope
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        self.generation = generation
        self.isSignInRequired = isSignInRequired
        self.dpopKey = dpopKey
    }

    /// Whether requests carry `Authorization: DPoP` and a proof rather than a bearer token.
    public var isDPoPBound: Bool { dpopKey != nil && tokenType.lowercased() == "dpop" }

    /// The same session with the tokens of `grant`. A grant without a refresh token keeps the current one
    /// (RFC 6749 §6).
    public func applying(_ grant: TokenGrant) -> Credential {
        var next = self
        next.accessToken = grant.accessToken
        next.refreshToken = grant.refreshToken ?? refreshToken
        next.scope = grant.scope ?? scope
        next.expiresAt = grant.expiresAt
        next.issuedAt = grant.issuedAt
        next.isSignInRequired = false
        next.tokenType = grant.tokenType
        next.dpopKey = grant.dpopKey
        return next
    }
}
