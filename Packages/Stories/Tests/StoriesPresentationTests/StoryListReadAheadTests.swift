import DomainFailure
import Foundation
import StoriesDomain
import Testing

@testable import StoriesPresentation

/// What reading ahead adds to the story list: the next page is on its way before the front asks for it, and it goes
/// away with the list. That pages, failures and cursors come out as without it is proved by the `StoryListViewModel`
/// tests, each run both ways.
@Suite("Reading the story list ahead", .timeLimit(.minutes(1)))
@MainActor
struct StoryListReadAheadTests {
    let formatter = StoryRowFormatter(now: { Date(timeIntervalSince1970: 1_800_000_000) })

    @Test("The next page is requested as soon as a page arrives, before the front asks for more")
    func requestsNextPageBeforeAsked() async {
        let service = GatedStoryService(
            [
                "": StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2")),
                "c2": StoryPage(stories: [.fixture(id: "1")], nextCursor: nil),
            ], holding: "c2")
        let viewModel = StoryListViewModel(service: service, formatter: formatter, readsAhead: true)
        await viewModel.load()
        // Without reading ahead nobody asks for c2 before loadMore(), and this waits until the time limit.
        guard await service.untilHeldRequestArrives() else { return }
        await service.release()
        await viewModel.loadMore()
        #expect(viewModel.stories.map(\.id) == ["2", "1"])
        #expect(!viewModel.canLoadMore)
    }

    @Test("Without reading ahead, nothing is requested before the front asks for more")
    func onDemandWaitsToBeAsked() async {
        let service = ScriptedStoryService([
            "": .success(StoryPage(stories: [.fixture(id: "2")], nextCursor: StoryCursor(rawValue: "c2"))),
            "c2": .success(StoryPage(stories: [.fixture(id: "1")], nextCursor: nil)),
        ])
        let viewModel = StoryListViewModel(service: service, formatter: formatter)
        await viewModel.load()
        #expect(await service.requests.map(\.cursor) == [nil])
    }

    @Test("A page read ahead is cancelled when the list that asked for it goes away")
    func droppedListCancelsPageReadAhead() async {
        let service = HeldPageStoryService()
        var viewModel: StoryListViewModel? = StoryListViewModel(
            service: service, formatter: formatter, readsAhead: true)
        await viewModel?.load()
        await service.untilSecondPageRequested()
        viewModel = nil
        // Without the cancellation the request waits a day, and this the time limit.
        #expect(await service.untilSecondPageRequestEnds())
    }

    @Test("A page read ahead is cancelled when the list is loaded again from the start")
    func reloadCancelsPageReadAhead() async {
        let service = HeldPageStoryService()
        let viewModel = StoryListViewModel(service: service, formatter: formatter, readsAhead: true)
        await viewModel.load()
        await service.untilSecondPageRequested()
        await viewModel.load()
        #expect(await service.untilSecondPageRequestEnds())
        #expect(viewModel.stories.map(\.id) == ["2"])
    }
}
