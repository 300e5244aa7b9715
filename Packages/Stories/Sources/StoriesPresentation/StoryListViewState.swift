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

    public init(_ error: StoryServiceError) {
        self.error = error
        self.canRetry = error.isRetryable
        self.message = Self.message(for: error)
    }

    static func message(for error: StoryServiceError) -> String {
        switch error {
        case .notSignedIn: "You are not signed in. Sign in to see stories."
        case .sessionExpired: "Your session has expired. Sign in again to see stories."
        case .notFound: "That story does not exist."
        case .forbidden: "Your account is not allowed to see this."
        case .rejected(let reason): "The server refused the request: \(reason)"
        case .unavailable: "The server is busy or down. Try again later."
        case .unreachable: "The server cannot be reached. Check your connection and try again."
        case .malformedResponse, .endlessListing: "The server sent data this app does not understand."
        case .credentialsUnavailable: "The saved sign-in cannot be read. Sign in again."
        case .unexpected: "Something went wrong. Try again."
        }
    }
}
