import Observation
import StoriesDomain

/// The story list as a front shows it, page by page: the rows, whether more can be loaded, what failed and what was
/// skipped, and where the list goes on.
///
/// Every page comes through one `StoryPages` iterator, so following the cursors, the page cap and the check for a
/// server that repeats a cursor exist once, in the domain, for every front.
///
/// A screen keeps every row (`Retention.everyPage`): `load()` shows the first page, and `loadMore()` appends the next
/// when the list is scrolled to its end. A terminal keeps only the newest page (`Retention.newestPage`): it writes
/// each page as it arrives and asks for the next, so memory stays flat however long the list is.
///
/// With `readsAhead`, the next page is requested as soon as its cursor is known (when a page arrives, or earlier when
/// the service learns it from the response's head), while the front still writes the page before, so that
/// `loadMore()` often finds it there already (`StoryPages` reads at most one page ahead). A terminal that writes every
/// page wants it; a screen that may never be scrolled does not.
///
/// Isolation: not `Sendable`; `load()` and `loadMore()` are `nonisolated(nonsending)`, so they run on the caller's
/// actor. A SwiftUI view creates the model and calls them on the main actor, so every change it observes happens
/// there. The terminal calls them from its command's task: a `@MainActor` model would make `list` hop to the main
/// actor, and on Linux the main queue is then served by a thread libdispatch starts for it, one thread more per run
/// (counted with strace; callgrind saw no instruction difference beyond its noise). `list --all` calls them from the
/// main actor on purpose, for that thread (its `ListCommand` says why).
@Observable
public final class StoryListViewModel {
    /// What the view model keeps of the pages before the newest.
    public enum Retention: Sendable {
        /// Every row and story so far: a screen's scrolling list.
        case everyPage
        /// The newest page's rows and stories only: a front that writes each page out as it arrives.
        case newestPage
    }

    public private(set) var state: StoryListViewState = .idle
    /// The stories behind the rows (every one so far, or the newest page's, as `Retention` says), for fronts that
    /// show raw values: JSON output, detail screens.
    public private(set) var stories: [Story] = []
    /// Every item the server sent that could not be shown, and why.
    public private(set) var skipped: [SkippedStory] = []
    /// Where the list goes on after the newest page (`nil` on the last page, or before the first). After a failure to
    /// load more, it is where the failed page starts.
    public private(set) var resumeCursor: StoryCursor?
    /// How many stories and pages arrived since the last `load()`, however many are kept.
    public private(set) var loadedStoryCount = 0
    public private(set) var loadedPageCount = 0

    @ObservationIgnored private let service: any StoryService
    @ObservationIgnored private let formatter: StoryRowFormatter?
    @ObservationIgnored private let start: StoryCursor?
    @ObservationIgnored private let pageSize: Int
    @ObservationIgnored private let maximumPages: Int
    @ObservationIgnored private let retention: Retention
    @ObservationIgnored private let readsAhead: Bool
    /// The pages still to come; `nil` before `load()`, while a page is on its way, and after the listing failed.
    @ObservationIgnored private var pages: StoryPages.Iterator?
    /// Counts `load()` calls, so that a page asked for before a reload is dropped when it arrives after it.
    @ObservationIgnored private var generation = 0

    /// - Parameters:
    ///   - formatter: makes the rows; `nil` for a front that shows the raw `stories` only (JSON output), which then
    ///     gets no rows and pays for no formatting.
    ///   - pageSize: stories per request, clamped to `StoryPageLimit.range`.
    ///   - start: where the list begins (`nil`: the newest story).
    ///   - maximumPages: how many pages to follow at most, as `StoryPages` counts them: past it, loading more fails
    ///     with `.endlessListing`, except that with 1 the list just ends after the first page.
    ///   - retention: what to keep of earlier pages.
    ///   - readsAhead: whether to request each next page before `loadMore()` asks for it.
    public init(
        service: any StoryService,
        formatter: StoryRowFormatter?,
        pageSize: Int = StoryPageLimit.default,
        startingAt start: StoryCursor? = nil,
        maximumPages: Int = .max,
        retention: Retention = .everyPage,
        readsAhead: Bool = false
    ) {
        self.service = service
        self.formatter = formatter
        self.pageSize = min(max(pageSize, StoryPageLimit.range.lowerBound), StoryPageLimit.range.upperBound)
        self.start = start
        self.maximumPages = maximumPages
        self.retention = retention
        self.readsAhead = readsAhead
    }

    /// Loads the first page, replacing whatever was shown.
    public nonisolated(nonsending) func load() async {
        generation += 1
        let generation = generation
        state = .loading
        stories = []
        skipped = []
        resumeCursor = nil
        loadedStoryCount = 0
        loadedPageCount = 0
        var pages = service.pages(
            startingAt: start, pageSize: pageSize, maximumPages: maximumPages, readsAhead: readsAhead
        )
        .makeAsyncIterator()
        self.pages = nil
        do {
            let page = try await pages.next()
            guard generation == self.generation else { return }
            self.pages = pages
            receive(page, after: [])
        } catch {
            guard generation == self.generation else { return }
            state = .failed(StoryListFailure(error))
        }
    }

    /// Loads the next page, if there is one and none is loading. A failure keeps the rows already shown; when
    /// trying again can help, `loadMore()` tries again from `resumeCursor`.
    public nonisolated(nonsending) func loadMore() async {
        guard case .loaded(var content) = state, content.canLoadMore, !content.isLoadingMore else { return }
        let generation = generation
        // After a failure the iterator has ended: a retry follows the cursors afresh from where the list stopped.
        var pages =
            self.pages
            ?? service.pages(
                startingAt: resumeCursor, pageSize: pageSize, maximumPages: maximumPages, readsAhead: readsAhead
            )
            .makeAsyncIterator()
        self.pages = nil
        content.isLoadingMore = true
        content.loadMoreFailure = nil
        state = .loaded(content)
        do {
            let page = try await pages.next()
            guard generation == self.generation else { return }
            self.pages = pages
            receive(page, after: retention == .everyPage ? content.rows : [])
        } catch {
            guard generation == self.generation else { return }
            content.isLoadingMore = false
            content.loadMoreFailure = StoryListFailure(error)
            content.canLoadMore = error.isRetryable
            state = .loaded(content)
        }
    }

    /// Whether another page can be requested now.
    public var canLoadMore: Bool {
        guard case .loaded(let content) = state else { return false }
        return content.canLoadMore && !content.isLoadingMore
    }

    /// Takes in the page that arrived after the rows kept so far; `nil` when the listing ended without another page
    /// (`maximumPages` was 1). Only the new stories are formatted, so loading N pages costs O(N) formatting, not
    /// O(N²).
    private func receive(_ page: StoryPage?, after kept: [StoryRow]) {
        guard let page else {
            pages = nil
            guard case .loaded(var content) = state else {
                state = .empty
                return
            }
            content.canLoadMore = false
            content.isLoadingMore = false
            state = .loaded(content)
            return
        }
        loadedPageCount += 1
        loadedStoryCount += page.stories.count
        skipped += page.skipped
        resumeCursor = page.nextCursor
        switch retention {
        case .everyPage: stories += page.stories
        case .newestPage: stories = page.stories
        }
        guard loadedStoryCount > 0 || page.nextCursor != nil else {
            state = .empty
            return
        }
        state = .loaded(
            StoryListContent(
                rows: kept + (formatter.map { page.stories.map($0.row(for:)) } ?? []),
                canLoadMore: page.nextCursor != nil,
                skippedCount: skipped.count)
        )
    }
}
