/// Opens a listener for the one redirect that answers an authorization request: on a native app, a loopback HTTP
/// server on an ephemeral port (RFC 8252 §7.3). A seam, so that the flow is tested without sockets and an app can
/// bring its own (a custom URL scheme, `ASWebAuthenticationSession`).
public protocol AuthorizationRedirectListening: Sendable {
    /// Starts listening for a redirect that must carry `state` (and the expected issuer as `iss`, when known).
    func listen(
        state: AuthorizationState, issuer: ExpectedIssuer?
    ) async throws(AuthorizationRedirectError) -> any AuthorizationRedirectReceiving
}

/// A listener waiting for its one redirect.
public protocol AuthorizationRedirectReceiving: Sendable {
    /// The redirect URI to name in the authorization request.
    var redirectURI: String { get }

    /// Waits for the redirect and returns its code, or throws what was wrong with it, `timedOut` when none came in
    /// time, or `cancelled` when the waiting task is cancelled. The listener is closed when this returns.
    func code() async throws(AuthorizationRedirectError) -> Secret

    /// Stops listening; a waiting `code()` ends with `cancelled`. Closing twice does nothing.
    func close() async
}
