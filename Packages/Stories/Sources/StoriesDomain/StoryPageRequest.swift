/// One page requested before anybody asked for it: `StoryPages` reading ahead.
///
/// A class so that the request is cancelled when the last iterator holding it goes away (a front that stops reading,
/// a reloaded list), instead of running on with nobody to take its page.
final class StoryPageRequest: Sendable {
    private let task: Task<Result<StoryPage, StoryServiceError>, Never>

    init(service: any StoryService, cursor: StoryCursor?, limit: Int) {
        task = Task {
            do throws(StoryServiceError) {
                return .success(try await service.stories(startingAt: cursor, limit: limit))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The page, or the error its request ended with; cancelling the caller cancels the request.
    func page() async throws(StoryServiceError) -> StoryPage {
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: { [task] in
            task.cancel()
        }
        return try result.get()
    }

    deinit {
        task.cancel()
    }
}
