/// The pages of the story list from a cursor on, in order, fetched one at a time as they are consumed.
///
/// Memory stays flat however long the list is: nothing but the cursors seen so far is kept. The sequence ends after
/// the page without a next cursor, or after `maximumPages`. It fails with the error of the page that failed (the pages
/// before it have already been handed out) and with `.endlessListing` when the server repeats a cursor or the list
/// goes on past `maximumPages`: a server must not be able to keep a client paging forever.
public struct StoryPages: AsyncSequence, Sendable {
    public typealias Element = StoryPage
    public typealias Failure = StoryServiceError

    private let service: any StoryService
    private let start: StoryCursor?
    private let pageSize: Int
    private let maximumPages: Int

    /// - Parameters:
    ///   - start: where to begin (`nil`: the newest story).
    ///   - pageSize: stories per request, within `StoryPageLimit.range`.
    ///   - maximumPages: how many pages to follow at most; 1 reads a single page and stops without error.
    public init(service: any StoryService, startingAt start: StoryCursor?, pageSize: Int, maximumPages: Int) {
        self.service = service
        self.start = start
        self.pageSize = pageSize
        self.maximumPages = Swift.max(1, maximumPages)
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(service: service, next: start, pageSize: pageSize, maximumPages: maximumPages)
    }

    /// Sendable, so that a front can hold it across suspension points and hand it to the task that asks for the next
    /// page.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        private let service: any StoryService
        private let pageSize: Int
        private let maximumPages: Int
        private var next: StoryCursor?
        private var seen: Set<StoryCursor> = []
        private var pagesRead = 0
        private var isFinished = false
        /// A repeated cursor is found with the page that carries it; that page is still handed out, and the error
        /// comes with the next call.
        private var pendingFailure: StoryServiceError?

        init(service: any StoryService, next: StoryCursor?, pageSize: Int, maximumPages: Int) {
            self.service = service
            self.next = next
            self.pageSize = pageSize
            self.maximumPages = maximumPages
            if let next { seen.insert(next) }
        }

        public mutating func next() async throws(StoryServiceError) -> StoryPage? {
            if let pendingFailure {
                self.pendingFailure = nil
                isFinished = true
                throw pendingFailure
            }
            guard !isFinished else { return nil }
            if pagesRead == maximumPages {
                isFinished = true
                // One page was asked for: stopping is the point, not a failure.
                guard maximumPages == 1 else { throw .endlessListing(.pageLimitReached(pages: maximumPages)) }
                return nil
            }
            let page: StoryPage
            do {
                page = try await service.stories(startingAt: next, limit: pageSize)
            } catch {
                isFinished = true
                throw error
            }
            pagesRead += 1
            next = page.nextCursor
            if let cursor = page.nextCursor {
                if !seen.insert(cursor).inserted { pendingFailure = .endlessListing(.repeatedCursor) }
            } else {
                isFinished = true
            }
            return page
        }
    }
}
