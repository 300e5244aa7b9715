/// Why the redirect that should have brought an authorization code did not (RFC 6749 §4.1.2, §4.1.2.1), or why none
/// came. Cases carry data; the front that reports one phrases it. None carries the code or the state.
public enum AuthorizationRedirectError: Error, Equatable, Sendable {
    /// `error=access_denied`: the person denied the request. The description is the server's, untrusted text.
    case denied(description: String?)
    /// Another `error` code (`invalid_request`, `unsupported_response_type`, `temporarily_unavailable`, …): the
    /// server refused the request. Both texts are the server's, untrusted.
    case refused(code: String, description: String?)
    /// The redirect carries no `state`: not an answer to this client's request.
    case missingState
    /// The redirect's `state` is not this request's: an answer to another request, or a forged one. Its code, if
    /// any, is not spent.
    case stateMismatch
    /// The redirect has this request's `state` but neither a code nor an error.
    case missingCode
    /// A parameter appears more than once (RFC 6749 §3.1).
    case repeatedParameter(String)
    /// The `iss` parameter names another authorization server than the one asked (RFC 9207 §2.4): a mix-up attack,
    /// or a misconfigured server.
    case issuerMismatch(expected: String, received: String)
    /// The redirect carries no `iss` although the server's metadata says it always sends one (RFC 9207 §2.4): it may
    /// come from another authorization server.
    case missingIssuer(expected: String)
    /// No redirect arrived within this time.
    case timedOut(after: Duration)
    /// The wait was cancelled (the task waiting was cancelled).
    case cancelled
    /// No loopback listener could be opened (the socket call's `errno`).
    case listenerUnavailable(errno: Int32)
}
