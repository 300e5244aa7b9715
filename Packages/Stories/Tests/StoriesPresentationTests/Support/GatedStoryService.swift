import DomainFailure
import StoriesDomain

/// A story service whose answer for one cursor waits until the test releases it, so that a test can act while that
/// page is on its way, without sleeping.
actor GatedStoryService: StoryService {
    private let pages: [String: StoryPage]
    private let gatedCursor: String
    private var held: CheckedContinuation<Void, Never>?
    /// Told when the held request arrives: a stream, so that a test waiting for a request that never comes ends
    /// at its time limit (the wait is cancelled) instead of hanging.
    private let arrivals = AsyncStream.makeStream(of: Void.self)

    /// - Parameter gatedCursor: the cursor whose page is held (`""`: the first page).
    init(_ pages: [String: StoryPage], holding gatedCursor: String) {
        self.pages = pages
        self.gatedCursor = gatedCursor
    }

    func stories(startingAt cursor: StoryCursor?, limit: Int) async throws(StoryServiceError) -> StoryPage {
        let key = cursor?.rawValue ?? ""
        if key == gatedCursor {
            await withCheckedContinuation { continuation in
                held = continuation
                arrivals.continuation.yield()
            }
        }
        guard let page = pages[key] else { throw .unexpected(FailureCause(Offline())) }
        return page
    }

    func story(id: String) async throws(StoryServiceError) -> Story {
        throw .notFound(id: id)
    }

    /// Returns once the request for the held page has arrived: `true`, or `false` when the wait was cancelled first.
    @discardableResult
    func untilHeldRequestArrives() async -> Bool {
        guard held == nil else { return true }
        for await _ in arrivals.stream { return true }
        return false
    }

    /// Lets the held page go.
    func release() {
        held?.resume()
        held = nil
    }
}
