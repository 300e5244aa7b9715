/// What the resource makes of a bearer token.
enum AccessTokenVerdict: Sendable, Equatable {
    /// Good for this API, on behalf of `username`.
    case valid(username: String)
    /// Good for this API on behalf of `username`, with a DPoP proof made with the key whose RFC 7638 thumbprint is
    /// `keyThumbprint` (RFC 9449 §7): never as a bearer token.
    case boundToKey(username: String, keyThumbprint: String)
    /// Expired, revoked, unknown, or issued for another resource: 401 `invalid_token`.
    case invalid
    /// The authorization server that would know could not be asked: 503, so that a client keeps its session and tries
    /// again, where a 401 would make it throw the session away.
    case unverifiable
}

/// Decides whether a bearer token is good for this API: `TokenAuthority` for the tokens the server issues itself,
/// `IntrospectingTokenVerifier` for those of an external authorization server.
protocol AccessTokenVerifying: Sendable {
    func verify(accessToken: String) async -> AccessTokenVerdict
}
