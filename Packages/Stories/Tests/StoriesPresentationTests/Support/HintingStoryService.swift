import DomainFailure
import StoriesDomain

/// A story service that tells each page's next cursor before the page is ready, as `APIStoryService` does from a
/// response's `Link` header, and can hold a page until the page it hinted at has been requested.
actor HintingStoryService: StoryService {
    struct Answer {
        var page: StoryPage
        /// The cursor told early; `nil`: none.
        var hint: StoryCursor?
        /// Whether the page waits, after telling `hint`, until a request for `hint` arrives.
        var holdsUntilHintRequested = false
    }

    private let answers: [String: Answer]
    private(set) var requests: [String] = []
    /// Every request's cursor, for a held page to wait on: a stream, so that a wait for a request that never comes
    /// ends when the waiting request is cancelled (at the test's time limit) instead of hanging.
    private let arrivals = AsyncStream.makeStream(of: String.self)

    /// - Parameter answers: keyed by cursor (`""`: the first page).
    init(_ answers: [String: Answer]) {
        self.answers = answers
    }

    func stories(startingAt cursor: StoryCursor?, limit: Int) async throws(StoryServiceError) -> StoryPage {
        try await stories(startingAt: cursor, limit: limit) { _ in }
    }

    func stories(
        startingAt cursor: StoryCursor?, limit: Int, nextCursorKnown: @escaping @Sendable (StoryCursor) -> Void
    ) async throws(StoryServiceError) -> StoryPage {
        let key = cursor?.rawValue ?? ""
        requests.append(key)
        arrivals.continuation.yield(key)
        guard let answer = answers[key] else { throw .unexpected(FailureCause(Offline())) }
        if let hint = answer.hint {
            nextCursorKnown(hint)
            if answer.holdsUntilHintRequested {
                for await arrived in arrivals.stream where arrived == hint.rawValue { break }
            }
        }
        return answer.page
    }

    func story(id: String) async throws(StoryServiceError) -> Story {
        throw .notFound(id: id)
    }
}
