import StoriesDomain

/// What a story list shows.
public enum StoryListViewState: Sendable, Equatable {
    case idle
    case loading
    case empty
    case loaded(StoryListContent)
    case failed(StoryListFailure)
}

/// A loaded list: the rows so far and what can happen next.
public struct StoryListContent: Sendable, Equatable {
    public var rows: [StoryRow]
    /// Whether another page exists.
    public var canLoadMore: Bool
    /// Whether the next page is on its way.
    public var isLoadingMore: Bool
    /// Set when loading the next page failed; the rows already shown stay.
    public var loadMoreFailure: StoryListFailure?
    /// How many items the server sent that could not be shown.
    public var skippedCount: Int

    public init(
        rows: [StoryRow],
        canLoadMore: Bool,
        isLoadingMore: Bool = false,
        loadMoreFailure: StoryListFailure? = nil,
        skippedCount: Int = 0
    ) {
        self.rows = rows
        self.canLoadMore = canLoadMore
        self.isLoadingMore = isLoadingMore
        self.loadMoreFailure = loadMoreFailure
        self.skippedCount = skippedCount
    }
}

/// A failure, phrased for a person, with the domain error for fronts that need more (exit codes, navigation).
public struct StoryListFailure: Sendable, Equatable {
    public var message: String
    public var canRetry: Bool
    public var error: StoryServiceError

    public init(_ error: StoryServiceError, server: String = "the server") {
        self.error = error
        self.canRetry = error.isRetryable
        self.message = Self.message(for: error, server: server)
    }

    /// What happened, for a failure the story list itself decides (a story that does not exist, a refusal, a listing
    /// that does not end), naming the server as `server`; `nil` for a failure whose cause lies below the feature (the
    /// network, the session, the credentials store), which a front that can show its detail words itself. The one
    /// place these sentences are written: every front uses it and adds only what it alone knows.
    public static func outcome(of error: StoryServiceError, server: String) -> String? {
        switch error {
        case .notFound(let id): "No story has id \(id) on \(server)"
        case .rejected(let reason): "\(server) refused the request: \(reason)"
        case .endlessListing(.repeatedCursor):
            "\(server) returned a page cursor it had returned before; stopped instead of fetching the same pages again"
        case .endlessListing(.pageLimitReached(let pages)):
            "\(server) was still returning pages after \(pages), the most a listing follows; stopped there"
        case .notSignedIn, .sessionExpired, .forbidden, .unavailable, .unreachable, .malformedResponse,
            .credentialsUnavailable, .unexpected:
            nil
        }
    }

    /// The whole message a screen shows: the outcome, or a general line for a failure below the feature.
    static func message(for error: StoryServiceError, server: String) -> String {
        if let outcome = outcome(of: error, server: server) { return outcome + "." }
        return switch error {
        case .notSignedIn: "You are not signed in. Sign in to see stories."
        case .sessionExpired: "Your session has expired. Sign in again to see stories."
        case .forbidden: "Your account is not allowed to see this."
        case .unavailable: "The server is busy or down. Try again later."
        case .unreachable: "The server cannot be reached. Check your connection and try again."
        case .malformedResponse: "The server sent data this app does not understand."
        case .credentialsUnavailable: "The saved sign-in cannot be read. Sign in again."
        default: "Something went wrong. Try again."
        }
    }
}
