/// The token request of the authorization code grant with PKCE (RFC 6749 §4.1.3, RFC 7636 §4.5), as a seam for the
/// browser sign-in flow.
public protocol AuthorizationCodeExchanging: Sendable {
    /// Exchanges `code` for tokens, proving with `codeVerifier` that this client made the request; `redirectURI` is
    /// the one the request named, character for character; `server` is the authorization server that issued `code`.
    func exchangeAuthorizationCode(
        _ code: Secret, redirectURI: String, codeVerifier: Secret, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> TokenGrant
}
