/// Signing in in a web browser with the authorization code grant and PKCE (RFC 6749 §4.1, RFC 7636, RFC 8252): the
/// person signs in on the server's page, and the browser brings the answer back to this app.
public protocol BrowserSignInService: Sendable {
    /// Starts a browser sign-in: starts listening for the browser's return and says which page to open.
    func startBrowserSignIn() async throws(OnboardingError) -> BrowserSignInRequest

    /// Waits for the browser to come back, then signs in: the account becomes the active one, and a session the
    /// same account had is replaced and revoked. Throws `browserSignInDenied`, `browserSignInTimedOut`,
    /// `browserSignInRefused`, `browserSignInRedirectInvalid`, or `cancelled` when the calling task is cancelled.
    /// Whatever happens, the service stops listening.
    func completeBrowserSignIn(_ request: BrowserSignInRequest) async throws(OnboardingError) -> SignInResult
}
