/// Reads stories.
public protocol StoryService: Sendable {
    /// The page of at most `limit` stories that starts at `cursor` (`nil`: the newest).
    func stories(startingAt cursor: StoryCursor?, limit: Int) async throws(StoryServiceError) -> StoryPage

    /// The story with `id`.
    func story(id: String) async throws(StoryServiceError) -> Story
}

/// The number of stories a page may hold, as the API defines it.
public enum StoryPageLimit {
    public static let range = 1...100
    public static let `default` = 20
}

extension StoryService {
    /// The pages from `cursor` on, fetched as they are consumed (or one ahead, with `readsAhead`); see `StoryPages`.
    public func pages(
        startingAt cursor: StoryCursor?, pageSize: Int, maximumPages: Int, readsAhead: Bool = false
    ) -> StoryPages {
        StoryPages(
            service: self, startingAt: cursor, pageSize: pageSize, maximumPages: maximumPages, readsAhead: readsAhead)
    }
}
