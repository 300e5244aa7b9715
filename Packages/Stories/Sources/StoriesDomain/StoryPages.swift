/// The pages of the story list from a cursor on, in order, fetched one at a time as they are consumed.
///
/// With `readsAhead`, the next page is requested as soon as its cursor is known, while the consumer still handles the
/// page just handed out: a front that writes each page then waits for the server only when writing is faster than
/// the round trip. The cursor is known at the latest when a page is ready; a service that learns it earlier (from the
/// response's head, while the body is still read and decoded: `StoryService.stories(startingAt:limit:nextCursorKnown:)`)
/// tells it, and the next request goes out then. That early cursor is a hint: the next page requested with it is kept
/// only if the page, once ready, names the same cursor, and is cancelled otherwise. With or without the hint, at most
/// one page is requested beyond the one the consumer waits for or has just been handed, and only one that would also
/// be requested without reading ahead (never past `maximumPages` or a repeated cursor).
///
/// Memory stays flat however long the list is: nothing but the cursors seen so far, and at most one page ahead, is
/// kept. The sequence ends after
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
    private let readsAhead: Bool

    /// - Parameters:
    ///   - start: where to begin (`nil`: the newest story).
    ///   - pageSize: stories per request, within `StoryPageLimit.range`.
    ///   - maximumPages: how many pages to follow at most; 1 reads a single page and stops without error.
    ///   - readsAhead: whether to request the next page as soon as its cursor is known (see above).
    public init(
        service: any StoryService, startingAt start: StoryCursor?, pageSize: Int, maximumPages: Int,
        readsAhead: Bool = false
    ) {
        self.service = service
        self.start = start
        self.pageSize = pageSize
        self.maximumPages = Swift.max(1, maximumPages)
        self.readsAhead = readsAhead
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(
            service: service, next: start, pageSize: pageSize, maximumPages: maximumPages, readsAhead: readsAhead)
    }

    /// Sendable, so that a front can hold it across suspension points and hand it to the task that asks for the next
    /// page.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        private let service: any StoryService
        private let pageSize: Int
        private let maximumPages: Int
        private let readsAhead: Bool
        private var next: StoryCursor?
        /// The page after the one handed out last, requested before it was asked for (`readsAhead`).
        private var ahead: StoryPageRequest?
        private var seen: Set<StoryCursor> = []
        private var pagesRead = 0
        private var isFinished = false
        /// A repeated cursor is found with the page that carries it; that page is still handed out, and the error
        /// comes with the next call.
        private var pendingFailure: StoryServiceError?

        init(service: any StoryService, next: StoryCursor?, pageSize: Int, maximumPages: Int, readsAhead: Bool) {
            self.service = service
            self.next = next
            self.pageSize = pageSize
            self.maximumPages = maximumPages
            self.readsAhead = readsAhead
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
            // The page after this one, requested with the cursor the service told before this page was ready.
            var following: (cursor: StoryCursor, request: StoryPageRequest)?
            do {
                if readsAhead {
                    let request = ahead ?? StoryPageRequest(service: service, cursor: next, limit: pageSize)
                    ahead = nil
                    // The consumer waits for this page, so the one after it is the one page allowed ahead; only one
                    // that the page's own cursor could also lead to (within the cap, a cursor not seen before).
                    if pagesRead + 1 < maximumPages, let hint = await request.nextCursorHint(), !seen.contains(hint) {
                        following = (hint, StoryPageRequest(service: service, cursor: hint, limit: pageSize))
                    }
                    page = try await request.page()
                } else {
                    page = try await service.stories(startingAt: next, limit: pageSize)
                }
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
            // Only a page the next call would ask for anyway: not past the cap, not after a repeated cursor.
            if readsAhead, !isFinished, pendingFailure == nil, pagesRead < maximumPages {
                // A request made on a hint the page contradicts is dropped here, which cancels it.
                if let following, following.cursor == next {
                    ahead = following.request
                } else {
                    ahead = StoryPageRequest(service: service, cursor: next, limit: pageSize)
                }
            }
            return page
        }
    }
}
