import DomainFailure
import StoriesDomain

/// A story service whose answer for one cursor waits until the test releases it, so that a test can act while that
/// page is on its way, without sleeping.
actor GatedStoryService: StoryService {
    private let pages: [String: StoryPage]
    private let gatedCursor: String
    private var held: CheckedContinuation<Void, Never>?
    private var arrival: CheckedContinuation<Void, Never>?

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
                arrival?.resume()
                arrival = nil
            }
        }
        guard let page = pages[key] else { throw .unexpected(FailureCause(Offline())) }
        return page
    }

    func story(id: String) async throws(StoryServiceError) -> Story {
        throw .notFound(id: id)
    }

    /// Returns once the request for the held page has arrived.
    func untilHeldRequestArrives() async {
        guard held == nil else { return }
        await withCheckedContinuation { arrival = $0 }
    }

    /// Lets the held page go.
    func release() {
        held?.resume()
        held = nil
    }
}
