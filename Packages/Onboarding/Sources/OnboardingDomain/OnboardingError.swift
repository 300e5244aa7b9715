import DomainFailure

/// Why an onboarding operation failed. Each case says what the user can do; the cause, where there is one, says what
/// happened below, for fronts that show detail.
public enum OnboardingError: Error, Sendable, Equatable {
    /// The input breaks the account rules, in the server's or the rules' words (untrusted when from the server).
    case invalidInput(String)
    case usernameTaken
    /// Wrong username or password.
    case wrongCredentials
    /// The server held the password sign-in back after too many failed attempts, without checking the password:
    /// try again after `retryAfter`.
    case signInThrottled(retryAfter: Duration)
    case notSignedIn
    /// The server has no stored session for this account (named by the user, so safe to show).
    case unknownAccount(String)
    /// The server no longer accepts the session: sign in again.
    case sessionExpired
    /// The person denied a device sign-in on the verification page.
    case deviceSignInDenied
    /// The device sign-in's code expired before anyone approved it: start again.
    case deviceSignInExpired
    /// The server no longer knows the device sign-in's code (`invalid_grant` while polling: forgotten, for one when
    /// the same address started more device sign-ins than the server keeps): start again.
    case deviceSignInForgotten
    /// The person denied a browser sign-in on the server's page.
    case browserSignInDenied
    /// The server does not offer browser sign-in with PKCE (its metadata says so): sign in another way.
    case browserSignInUnsupported
    /// The authorization server publishes no device authorization endpoint (RFC 8628 §4): sign in another way.
    case deviceSignInUnsupported
    /// The authorization server does not accept the password grant (`unsupported_grant_type`; RFC 9700 advises
    /// against it): sign in in a browser or with a code.
    case passwordSignInUnsupported
    /// The browser did not come back in time: start again.
    case browserSignInTimedOut
    /// The server no longer knows the browser sign-in's pushed request (`invalid_request_uri`, RFC 9126 §4, RFC 9101
    /// §6.3): it forgot it, for one when the same address pushed more requests than the server keeps, or it expired
    /// before the page was opened. Start again.
    case browserSignInForgotten
    /// The server refused the browser sign-in with an OAuth error code (`invalid_request`, `invalid_grant` for a
    /// code that expired or was spent, …); the description is the server's, untrusted text.
    case browserSignInRefused(code: String, description: String?)
    /// What came back to the app is not an answer to its request (another `state`, no code, a parameter twice,
    /// another issuer): nothing was exchanged.
    case browserSignInRedirectInvalid(FailureCause)
    /// The operation was cancelled before it finished (the task waiting for it was cancelled).
    case cancelled
    /// The account may not do this (HTTP 403).
    case forbidden
    /// The server answered that it cannot serve now (408, 429, 5xx): retry later, after `retryAfter` if it said.
    case unavailable(retryAfter: Duration?, cause: FailureCause)
    /// No complete answer arrived (connection refused, timed out, connection lost): retry later.
    case unreachable(FailureCause)
    /// The server's answer does not match the API contract, or is larger than allowed.
    case malformedResponse(FailureCause)
    /// The local credentials store cannot be used.
    case credentialsUnavailable(FailureCause)
    /// Anything else.
    case unexpected(FailureCause)
}
