import DomainFailure

/// Why stories could not be loaded. Each case says what the user can do about it; the cause, where there is one,
/// says what happened below, for fronts that show detail.
public enum StoryServiceError: Error, Sendable, Equatable {
    /// No session: sign in.
    case notSignedIn
    /// The session was rejected and cannot be renewed: sign in again.
    case sessionExpired
    /// No story has that id.
    case notFound(id: String)
    /// The account may not do this (HTTP 403).
    case forbidden
    /// The server refused the request (for example an unknown cursor), in its own words: untrusted text.
    case rejected(reason: String)
    /// The server answered that it cannot serve now (408, 429, 5xx): retry later, after `retryAfter` if it said.
    case unavailable(retryAfter: Duration?, cause: FailureCause)
    /// No complete answer arrived (connection refused, timed out, connection lost): retry later.
    case unreachable(FailureCause)
    /// The server's answer does not match the API contract, or is larger than allowed.
    case malformedResponse(FailureCause)
    /// Following the server's cursors would never end.
    case endlessListing(EndlessListing)
    /// The local credentials store cannot be used.
    case credentialsUnavailable(FailureCause)
    /// Anything else.
    case unexpected(FailureCause)

    /// Whether trying again later may succeed without the user doing anything.
    public var isRetryable: Bool {
        switch self {
        case .unavailable, .unreachable, .unexpected: true
        default: false
        }
    }
}

/// How a listing failed to end.
public enum EndlessListing: Sendable, Equatable {
    /// The server handed out a cursor it had already handed out: following it would loop.
    case repeatedCursor
    /// The listing went on for more pages than the client follows.
    case pageLimitReached(pages: Int)
}
