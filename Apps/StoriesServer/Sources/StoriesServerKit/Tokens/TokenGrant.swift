import Foundation

/// What a sign-in granted: the same for every token of its family, rotations included.
struct TokenGrant: Sendable, Equatable {
    /// The client the tokens were issued to.
    var clientID = AuthorizationServerBackend.clientID
    /// The scope the client asked for, as it asked (the API defines none, so it limits nothing here).
    var scope: String?
    /// The resource the tokens are for (RFC 8707), normalised (`ResourceIndicator`); `nil`: this API.
    var audience: String?
}

/// A live access token, as introspection reports it.
struct ActiveAccessToken: Sendable, Equatable {
    var username: String
    var grant: TokenGrant
    var issuedAt: Date
    var expiresAt: Date
    /// The RFC 7638 thumbprint of the DPoP key it is bound to (`cnf.jkt`, RFC 9449 §6.2); `nil`: a bearer token.
    var keyThumbprint: String? = nil
}
