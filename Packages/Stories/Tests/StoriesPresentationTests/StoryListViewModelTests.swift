import DomainFailure
import Foundation
import StoriesDomain
import Testing

@testable import StoriesPresentation

@Suite("StoryListViewModel")
@MainActor
struct StoryListViewModelTests {
    let formatter = StoryRowFormatter(now: { Date(timeIntervalSince1970: 1_800_000_000) })

    @Test("Loading the first page shows its rows and offers more when a cursor follows")
    func loadsFirstPage() async {
        let service = ScriptedStoryService([
            "": .success(
                StoryPage(stories: [.fixture(id: "2"), .fixture(id: "1")], nextCursor: StoryCursor(rawValue: "c2")))
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter, pageSize: 2)
        await viewModel.load()
        guard case .loaded(let content) = viewModel.state else {
            Issue.record("expected loaded, got \(viewModel.state)")
            return
        }
        #expect(content.rows.map(\.id) == ["2", "1"])
        #expect(content.rows.first?.age == "2 hours ago")
        #expect(content.canLoadMore)
        #expect(viewModel.canLoadMore)
    }

    @Test(
        "Loading more appends the next page and stops offering more on the last page, reading ahead or not",
        arguments: [false, true])
    func loadsMore(readsAhead: Bool) async {
        let service = ScriptedStoryService([
            "": .success(StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2"))),
            "c2": .success(StoryPage(stories: [.fixture(id: "1")], nextCursor: nil)),
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter, pageSize: 1, readsAhead: readsAhead)
        await viewModel.load()
        await viewModel.loadMore()
        #expect(viewModel.stories.map(\.id) == ["2", "1"])
        #expect(!viewModel.canLoadMore)
        #expect(await service.requests.map(\.cursor) == [nil, "c2"])
    }

    @Test(
        "Loading more stops with a protocol error when the server hands out a cursor again, and asks for no page twice, reading ahead or not",
        arguments: [["c2", "c2"], ["c2", "c3", "c2"]], [false, true])
    func repeatedCursorStopsLoadingMore(nextCursors: [String], readsAhead: Bool) async {
        // Page "" points at nextCursors[0], page nextCursors[0] at nextCursors[1], and so on; the last one repeats.
        var pages: [String: Result<StoryPage, StoryServiceError>] = [:]
        for (index, next) in nextCursors.enumerated() {
            let cursor = index == 0 ? "" : nextCursors[index - 1]
            pages[cursor] = .success(
                StoryPage(stories: [.fixture(id: "\(index)")], nextCursor: StoryCursor(rawValue: next)))
        }
        let service = ScriptedStoryService(pages)
        let viewModel = StoryListViewModel(service: service, formatter: formatter, pageSize: 1, readsAhead: readsAhead)
        await viewModel.load()
        for _ in nextCursors { await viewModel.loadMore() }
        guard case .loaded(let content) = viewModel.state else {
            Issue.record("expected loaded, got \(viewModel.state)")
            return
        }
        #expect(content.rows.map(\.id) == nextCursors.indices.map(String.init))
        #expect(content.loadMoreFailure?.error == .endlessListing(.repeatedCursor))
        #expect(!viewModel.canLoadMore)
        #expect(await service.requests.map(\.cursor) == [nil] + nextCursors.dropLast())
    }

    @Test("A failure to load more keeps the rows already shown, reading ahead or not", arguments: [false, true])
    func loadMoreFailureKeepsRows(readsAhead: Bool) async {
        let service = ScriptedStoryService([
            "": .success(StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2"))),
            "c2": .failure(.unreachable(FailureCause(Offline()))),
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter, readsAhead: readsAhead)
        await viewModel.load()
        await viewModel.loadMore()
        guard case .loaded(let content) = viewModel.state else {
            Issue.record("expected loaded, got \(viewModel.state)")
            return
        }
        #expect(content.rows.map(\.id) == ["2"])
        #expect(content.loadMoreFailure?.error == .unreachable(FailureCause(Offline())))
        #expect(content.loadMoreFailure?.canRetry == true)
        #expect(!content.isLoadingMore)
    }

    @Test(
        "Loading more after a failure that may pass asks for the page that failed again, reading ahead or not",
        arguments: [false, true])
    func retriesFailedPage(readsAhead: Bool) async {
        let service = ScriptedStoryService([
            "": .success(StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2"))),
            "c2": .failure(.unreachable(FailureCause(Offline()))),
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter, readsAhead: readsAhead)
        await viewModel.load()
        await viewModel.loadMore()
        #expect(viewModel.canLoadMore)
        #expect(viewModel.resumeCursor == StoryCursor(rawValue: "c2"))
        await service.setPage(.success(StoryPage(stories: [.fixture(id: "1")], nextCursor: nil)), for: "c2")
        await viewModel.loadMore()
        guard case .loaded(let content) = viewModel.state else {
            Issue.record("expected loaded, got \(viewModel.state)")
            return
        }
        #expect(content.rows.map(\.id) == ["2", "1"])
        #expect(content.loadMoreFailure == nil)
        #expect(await service.requests.map(\.cursor) == [nil, "c2", "c2"])
    }

    @Test(
        "A failure to load more that retrying cannot fix stops offering more",
        arguments: [StoryServiceError.sessionExpired, .endlessListing(.pageLimitReached(pages: 2)), .forbidden],
        [false, true])
    func loadMoreFailureForGood(error: StoryServiceError, readsAhead: Bool) async {
        let service = ScriptedStoryService([
            "": .success(StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2"))),
            "c2": .failure(error),
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter, readsAhead: readsAhead)
        await viewModel.load()
        await viewModel.loadMore()
        await viewModel.loadMore()
        #expect(!viewModel.canLoadMore)
        #expect(await service.requests.map(\.cursor) == [nil, "c2"])
    }

    @Test(
        "Past the page cap, loading more fails as an endless listing instead of asking for another page, reading ahead or not",
        arguments: [false, true])
    func pageCap(readsAhead: Bool) async {
        let service = ScriptedStoryService([
            "": .success(StoryPage(stories: [.fixture(id: "3")], nextCursor: StoryCursor(rawValue: "c2"))),
            "c2": .success(StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c3"))),
        ])
        let viewModel = StoryListViewModel(
            service: service, formatter: formatter, maximumPages: 2, readsAhead: readsAhead)
        await viewModel.load()
        await viewModel.loadMore()
        await viewModel.loadMore()
        guard case .loaded(let content) = viewModel.state else {
            Issue.record("expected loaded, got \(viewModel.state)")
            return
        }
        #expect(content.loadMoreFailure?.error == .endlessListing(.pageLimitReached(pages: 2)))
        #expect(content.rows.map(\.id) == ["3", "2"])
        #expect(await service.requests.map(\.cursor) == [nil, "c2"])
    }

    @Test("Keeping the newest page only shows its rows alone, while the counts and the skipped items cover every page")
    func keepsNewestPage() async {
        let service = ScriptedStoryService([
            "": .success(
                StoryPage(
                    stories: [.fixture(id: "4"), .fixture(id: "3")], nextCursor: StoryCursor(rawValue: "c2"),
                    skipped: [SkippedStory(id: "x", reason: "the id is empty")])),
            "c2": .success(
                StoryPage(
                    stories: [.fixture(id: "2")], nextCursor: nil,
                    skipped: [SkippedStory(id: "y", reason: "a count is negative")])),
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter, retention: .newestPage)
        await viewModel.load()
        await viewModel.loadMore()
        guard case .loaded(let content) = viewModel.state else {
            Issue.record("expected loaded, got \(viewModel.state)")
            return
        }
        #expect(content.rows.map(\.id) == ["2"])
        #expect(viewModel.stories.map(\.id) == ["2"])
        #expect(viewModel.loadedStoryCount == 3)
        #expect(viewModel.loadedPageCount == 2)
        #expect(viewModel.skipped.map(\.id) == ["x", "y"])
        #expect(content.skippedCount == 2)
        #expect(viewModel.resumeCursor == nil)
    }

    @Test("A list that starts at a cursor asks for that page first")
    func startsAtCursor() async {
        let service = ScriptedStoryService([
            "c7": .success(StoryPage(stories: [.fixture(id: "7")], nextCursor: StoryCursor(rawValue: "c8")))
        ])
        let viewModel = StoryListViewModel(
            service: service, formatter: formatter, startingAt: StoryCursor(rawValue: "c7"))
        await viewModel.load()
        #expect(viewModel.stories.map(\.id) == ["7"])
        #expect(viewModel.resumeCursor == StoryCursor(rawValue: "c8"))
        #expect(await service.requests.map(\.cursor) == ["c7"])
    }

    @Test(
        "A view that reads the state is told when loading starts and when the first page arrives, then again for the next"
    )
    func observed() async {
        let service = ScriptedStoryService([
            "": .success(StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2"))),
            "c2": .success(StoryPage(stories: [.fixture(id: "1")], nextCursor: nil)),
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter)
        let changes = ChangeCount()
        changes.track { _ = viewModel.state }
        await viewModel.load()
        #expect(changes.value == 2)  // loading, then the first page
        await viewModel.loadMore()
        #expect(changes.value == 4)  // loading more, then the next page
        #expect(viewModel.stories.map(\.id) == ["2", "1"])
    }

    @Test("A page asked for before a reload is dropped when it arrives after it")
    func reloadDropsStalePage() async {
        let service = GatedStoryService(
            [
                "": StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2")),
                "c2": StoryPage(stories: [.fixture(id: "1")], nextCursor: nil),
            ], holding: "c2")
        let viewModel = StoryListViewModel(service: service, formatter: formatter)
        await viewModel.load()
        let loadingMore = Task { await viewModel.loadMore() }
        await service.untilHeldRequestArrives()
        await viewModel.load()
        await service.release()
        await loadingMore.value
        guard case .loaded(let content) = viewModel.state else {
            Issue.record("expected loaded, got \(viewModel.state)")
            return
        }
        #expect(content.rows.map(\.id) == ["2"])
        #expect(content.canLoadMore)
        #expect(!content.isLoadingMore)
        #expect(viewModel.loadedPageCount == 1)
    }

    @Test("A front that shows raw stories only gets them without rows")
    func withoutRows() async {
        let service = ScriptedStoryService([
            "": .success(StoryPage(stories: [.fixture(id: "2"), .fixture(id: "1")], nextCursor: nil))
        ])
        let viewModel = StoryListViewModel(service: service, formatter: nil, retention: .newestPage)
        await viewModel.load()
        guard case .loaded(let content) = viewModel.state else {
            Issue.record("expected loaded, got \(viewModel.state)")
            return
        }
        #expect(content.rows.isEmpty)
        #expect(viewModel.stories.map(\.id) == ["2", "1"])
    }

    @Test(
        "Failures become a message and whether retrying can help",
        arguments: [
            (StoryServiceError.notSignedIn, false), (.sessionExpired, false),
            (.unreachable(FailureCause(Offline())), true),
            (.malformedResponse(FailureCause(Offline())), false),
        ])
    func failureState(error: StoryServiceError, canRetry: Bool) async {
        let viewModel = StoryListViewModel(service: ScriptedStoryService(["": .failure(error)]), formatter: formatter)
        await viewModel.load()
        guard case .failed(let failure) = viewModel.state else {
            Issue.record("expected failed, got \(viewModel.state)")
            return
        }
        #expect(failure.error == error)
        #expect(failure.canRetry == canRetry)
        #expect(!failure.message.isEmpty)
    }

    @Test("No stories at all is the empty state")
    func emptyState() async {
        let service = ScriptedStoryService(["": .success(StoryPage(stories: [], nextCursor: nil))])
        let viewModel = StoryListViewModel(service: service, formatter: formatter)
        await viewModel.load()
        #expect(viewModel.state == .empty)
    }

    @Test("Skipped items are counted across pages")
    func countsSkipped() async {
        let service = ScriptedStoryService([
            "": .success(
                StoryPage(
                    stories: [.fixture(id: "3")],
                    nextCursor: StoryCursor(rawValue: "c2"),
                    skipped: [SkippedStory(id: "2", reason: "invalid url")]
                )
            ),
            "c2": .success(
                StoryPage(stories: [.fixture(id: "1")], nextCursor: nil, skipped: [SkippedStory(id: "0", reason: "x")])),
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter)
        await viewModel.load()
        await viewModel.loadMore()
        guard case .loaded(let content) = viewModel.state else {
            Issue.record("expected loaded")
            return
        }
        #expect(content.skippedCount == 2)
    }

    @Test("The page size is clamped to what the API allows", arguments: [(0, 1), (500, 100), (25, 25)])
    func clampsPageSize(requested: Int, sent: Int) async {
        let service = ScriptedStoryService(["": .success(StoryPage(stories: [], nextCursor: nil))])
        let viewModel = StoryListViewModel(service: service, formatter: formatter, pageSize: requested)
        await viewModel.load()
        #expect(await service.requests.map(\.limit) == [sent])
    }
}
