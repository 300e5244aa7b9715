import DomainFailure
import StoriesDomain

/// A story service whose first page points at a second one that never comes: its request waits until it is
/// cancelled, and the test can wait for the request to arrive and for its end, without sleeping.
///
/// The waits are streams, so that a test waiting for something that never happens ends at its time limit (the wait
/// is cancelled) instead of hanging.
actor HeldPageStoryService: StoryService {
    private var requestArrived = false
    private var requestEnded: Bool?
    private let arrivals = AsyncStream.makeStream(of: Void.self)
    private let endings = AsyncStream.makeStream(of: Bool.self)

    func stories(startingAt cursor: StoryCursor?, limit: Int) async throws(StoryServiceError) -> StoryPage {
        guard cursor != nil else {
            return StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2"))
        }
        requestArrived = true
        arrivals.continuation.yield()
        // Not synchronisation: the request has no answer and ends only when it is cancelled.
        try? await Task.sleep(for: .seconds(86_400))
        requestEnded = Task.isCancelled
        endings.continuation.yield(Task.isCancelled)
        throw .unexpected(FailureCause(Offline()))
    }

    func story(id: String) async throws(StoryServiceError) -> Story {
        throw .notFound(id: id)
    }

    /// Returns once the second page has been requested.
    func untilSecondPageRequested() async {
        guard !requestArrived else { return }
        for await _ in arrivals.stream { break }
    }

    /// Returns once the second page's request has ended: whether it ended by cancellation (`false` also when the
    /// wait itself was cancelled).
    func untilSecondPageRequestEnds() async -> Bool {
        if let requestEnded { return requestEnded }
        for await cancelled in endings.stream { return cancelled }
        return false
    }
}
