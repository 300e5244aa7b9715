/// What one poll of the token endpoint with a device code answered (RFC 8628 §3.5). Failures that are not part of
/// the polling protocol (unreachable, misconfigured, malformed) are thrown as `TokenEndpointError` instead.
public enum DevicePollOutcome: Sendable, Equatable {
    /// `authorization_pending`: the person has not decided yet; poll again after the interval.
    case pending
    /// `slow_down`: polled too often; the interval grows by 5 seconds for this and every later poll.
    case slowDown
    /// `access_denied`: the person denied the request.
    case denied
    /// `expired_token`: the device code expired before the person decided.
    case expired
    /// The person approved: the tokens.
    case granted(TokenGrant)
}
