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

    @Test("Loading more appends the next page and stops offering more on the last page")
    func loadsMore() async {
        let service = ScriptedStoryService([
            "": .success(StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2"))),
            "c2": .success(StoryPage(stories: [.fixture(id: "1")], nextCursor: nil)),
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter, pageSize: 1)
        await viewModel.load()
        await viewModel.loadMore()
        #expect(viewModel.stories.map(\.id) == ["2", "1"])
        #expect(!viewModel.canLoadMore)
        #expect(await service.requests.map(\.cursor) == [nil, "c2"])
    }

    @Test("A failure to load more keeps the rows already shown")
    func loadMoreFailureKeepsRows() async {
        let service = ScriptedStoryService([
            "": .success(StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2"))),
            "c2": .failure(.unreachable(FailureCause(Offline()))),
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter)
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
