import Foundation
import StoriesDomain

/// Loads stories page by page and exposes what to show.
///
/// Main-actor isolated like a screen's model would be; the work it awaits runs wherever the service runs it.
@MainActor
public final class StoryListViewModel {
    public private(set) var state: StoryListViewState = .idle
    /// The stories behind the rows, for fronts that show raw values (JSON output, detail screens).
    public private(set) var stories: [Story] = []

    private let service: any StoryService
    private let formatter: StoryRowFormatter
    private let pageSize: Int
    /// Where the next page starts, for fronts that hand it on (JSON output).
    public private(set) var nextCursor: StoryCursor?
    /// Items the server sent that could not be shown, and why.
    public private(set) var skipped: [SkippedStory] = []

    public init(service: any StoryService, formatter: StoryRowFormatter, pageSize: Int = StoryPageLimit.default) {
        self.service = service
        self.formatter = formatter
        self.pageSize = min(max(pageSize, StoryPageLimit.range.lowerBound), StoryPageLimit.range.upperBound)
    }

    /// Loads the first page, replacing whatever was shown.
    public func load() async {
        state = .loading
        stories = []
        nextCursor = nil
        skipped = []
        do {
            let page = try await service.stories(startingAt: nil, limit: pageSize)
            append(page)
        } catch {
            state = .failed(StoryListFailure(error))
        }
    }

    /// Loads the next page, if there is one and none is loading. A failure keeps the rows already shown.
    public func loadMore() async {
        guard case .loaded(var content) = state, content.canLoadMore, !content.isLoadingMore,
            let cursor = nextCursor
        else { return }
        content.isLoadingMore = true
        content.loadMoreFailure = nil
        state = .loaded(content)
        do {
            let page = try await service.stories(startingAt: cursor, limit: pageSize)
            append(page)
        } catch {
            content.isLoadingMore = false
            content.loadMoreFailure = StoryListFailure(error)
            state = .loaded(content)
        }
    }

    /// Whether another page can be requested now.
    public var canLoadMore: Bool {
        guard case .loaded(let content) = state else { return false }
        return content.canLoadMore && !content.isLoadingMore
    }

    /// Adds a page's rows to those already shown. Only the new stories are formatted, so loading N pages costs
    /// O(N) formatting, not O(N²).
    private func append(_ page: StoryPage) {
        stories += page.stories
        skipped += page.skipped
        nextCursor = page.nextCursor
        guard !stories.isEmpty || nextCursor != nil else {
            state = .empty
            return
        }
        var rows: [StoryRow] = []
        if case .loaded(let content) = state { rows = content.rows }
        rows += page.stories.map(formatter.row(for:))
        state = .loaded(
            StoryListContent(rows: rows, canLoadMore: nextCursor != nil, skippedCount: skipped.count)
        )
    }
}
