import DomainFailure
import StoriesDomain

/// A lower-level failure for causes.
struct Offline: Error {}

/// A story service that answers from a script of pages or errors, keyed by cursor.
actor ScriptedStoryService: StoryService {
    private var pages: [String: Result<StoryPage, StoryServiceError>]
    private(set) var requests: [(cursor: String?, limit: Int)] = []

    init(_ pages: [String: Result<StoryPage, StoryServiceError>]) {
        self.pages = pages
    }

    func stories(startingAt cursor: StoryCursor?, limit: Int) async throws(StoryServiceError) -> StoryPage {
        requests.append((cursor?.rawValue, limit))
        guard let result = pages[cursor?.rawValue ?? ""] else { throw .unexpected(FailureCause(Offline())) }
        return try result.get()
    }

    func story(id: String) async throws(StoryServiceError) -> Story {
        throw .notFound(id: id)
    }

    func setPage(_ result: Result<StoryPage, StoryServiceError>, for cursor: String) {
        pages[cursor] = result
    }
}
