/// Finds out whose tokens a grant holds. A token response names no account (RFC 6749 §5.1), yet sessions are stored
/// per account; grants obtained without a username (device or browser sign-in) are identified this way.
public protocol AccountIdentifying: Sendable {
    /// The username the server associates with `accessToken`.
    func account(authorizedBy accessToken: Secret) async throws -> String

    /// The username the server associates with `grant`'s access token, asked with the grant's DPoP key when the
    /// token is bound to one.
    func account(authorizedBy grant: TokenGrant) async throws -> String
}

extension AccountIdentifying {
    /// Asks with the access token alone: an identifier that knows nothing of DPoP.
    public func account(authorizedBy grant: TokenGrant) async throws -> String {
        try await account(authorizedBy: grant.accessToken)
    }
}
