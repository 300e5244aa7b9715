/// Reads stories.
public protocol StoryService: Sendable {
    /// The page of at most `limit` stories that starts at `cursor` (`nil`: the newest).
    func stories(startingAt cursor: StoryCursor?, limit: Int) async throws(StoryServiceError) -> StoryPage

    /// The same page, and the next page's cursor told to `nextCursorKnown` as soon as the service knows it, if that
    /// is before the page is ready (a server that names it in the response's head, before the body is decoded).
    ///
    /// A hint for reading ahead: told at most once, before this returns, and possibly not at all. The page's own
    /// `nextCursor` stays the authority. The default never tells and is `stories(startingAt:limit:)`.
    func stories(
        startingAt cursor: StoryCursor?, limit: Int,
        nextCursorKnown: @escaping @Sendable (StoryCursor) -> Void
    ) async throws(StoryServiceError) -> StoryPage

    /// The story with `id`.
    func story(id: String) async throws(StoryServiceError) -> Story
}

/// The number of stories a page may hold, as the API defines it.
public enum StoryPageLimit {
    public static let range = 1...100
    public static let `default` = 20
}

extension StoryService {
    public func stories(
        startingAt cursor: StoryCursor?, limit: Int,
        nextCursorKnown: @escaping @Sendable (StoryCursor) -> Void
    ) async throws(StoryServiceError) -> StoryPage {
        try await stories(startingAt: cursor, limit: limit)
    }

    /// The pages from `cursor` on, fetched as they are consumed (or one ahead, with `readsAhead`); see `StoryPages`.
    public func pages(
        startingAt cursor: StoryCursor?, pageSize: Int, maximumPages: Int, readsAhead: Bool = false
    ) -> StoryPages {
        StoryPages(
            service: self, startingAt: cursor, pageSize: pageSize, maximumPages: maximumPages, readsAhead: readsAhead)
    }
}
