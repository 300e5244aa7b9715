/// One page requested on its own task: `StoryPages` reading ahead.
///
/// A class so that the request is cancelled when the last iterator holding it goes away (a front that stops reading,
/// a reloaded list), instead of running on with nobody to take its page.
final class StoryPageRequest: Sendable {
    private let task: Task<Result<StoryPage, StoryServiceError>, Never>
    private let hint: NextCursorHint

    init(service: any StoryService, cursor: StoryCursor?, limit: Int) {
        let hint = NextCursorHint()
        self.hint = hint
        task = Task {
            // Whatever the service has not told by the time the request ends, it will not tell early.
            defer { hint.settle(nil) }
            do throws(StoryServiceError) {
                let page = try await service.stories(startingAt: cursor, limit: limit) { hint.settle($0) }
                return .success(page)
            } catch {
                return .failure(error)
            }
        }
    }

    /// The next page's cursor, as soon as the service tells it ahead of this page; `nil` once the request has ended
    /// without telling it. A hint: the page's own `nextCursor` decides.
    func nextCursorHint() async -> StoryCursor? {
        await withTaskCancellationHandler {
            await hint.value()
        } onCancel: { [task] in
            task.cancel()
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
