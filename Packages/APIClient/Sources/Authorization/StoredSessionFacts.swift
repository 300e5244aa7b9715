import Foundation

/// What a stored session says about itself without its secrets: enough to list it. A sealed file's rows give these
/// without the data key the OS keyring holds, so a session that cannot reach the keyring can still say which
/// accounts the file holds.
public struct StoredSessionFacts: Sendable, Equatable {
    public var origin: ServerOrigin
    public var account: String
    /// The session requests to its origin use.
    public var isActive: Bool
    /// When the current access token was issued (sign-in or last refresh).
    public var issuedAt: Date
    public var expiresAt: Date?
    public var isSignInRequired: Bool
    /// The issuer identifier of the authorization server that issued the tokens, when it published one.
    public var issuer: String?
    /// Whether the tokens are bound to the session's DPoP key.
    public var isDPoPBound: Bool

    public init(
        origin: ServerOrigin, account: String, isActive: Bool, issuedAt: Date, expiresAt: Date?,
        isSignInRequired: Bool, issuer: String?, isDPoPBound: Bool
    ) {
        self.origin = origin
        self.account = account
        self.isActive = isActive
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.isSignInRequired = isSignInRequired
        self.issuer = issuer
        self.isDPoPBound = isDPoPBound
    }

    /// The facts of a session read with its secrets.
    public init(_ stored: StoredCredential) {
        let credential = stored.credential
        self.init(
            origin: credential.origin, account: credential.account, isActive: stored.isActive,
            issuedAt: credential.issuedAt, expiresAt: credential.expiresAt,
            isSignInRequired: credential.isSignInRequired, issuer: credential.authorizationServer.issuer,
            isDPoPBound: credential.isDPoPBound)
    }
}
