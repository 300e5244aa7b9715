/// Whose access tokens the API accepts.
enum TokenIssuer: Sendable, Equatable {
    /// Its own: the server is the authorization server, at its public origin.
    case itself
    /// Those of the external authorization server with this issuer identifier.
    case external(issuer: String)
}
