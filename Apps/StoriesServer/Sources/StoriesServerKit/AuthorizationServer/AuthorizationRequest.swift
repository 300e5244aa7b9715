/// A validated request to the authorization endpoint (RFC 6749 §4.1.1 with RFC 7636 §4.3), as the consent page's
/// form token binds it.
struct AuthorizationRequest: Sendable, Equatable {
    var clientID: String
    var redirectURI: LoopbackRedirectURI
    /// The S256 challenge.
    var codeChallenge: String
    var state: String?
    var scope: String?

    /// Longest `state` and `scope` accepted: both travel back in a URL.
    static let maximumParameterLength = 1024
}
