/// Why stories could not be loaded. Each case says what the user can do about it.
public enum StoryServiceError: Error, Sendable, Equatable {
    /// No session: sign in.
    case notSignedIn
    /// The session was rejected and cannot be renewed: sign in again.
    case sessionExpired
    /// No story has that id.
    case notFound(id: String)
    /// The server refused the request (for example an unknown cursor).
    case rejected(reason: String)
    /// The server could not be reached: retry later.
    case unreachable(reason: String)
    /// The server's answer does not match the API contract.
    case malformedResponse(reason: String)
    /// The local credentials store cannot be used.
    case credentialsUnavailable(reason: String)
    /// Anything else.
    case unexpected(reason: String)

    /// Whether trying again later may succeed without the user doing anything.
    public var isRetryable: Bool {
        switch self {
        case .unreachable, .unexpected: true
        default: false
        }
    }
}
