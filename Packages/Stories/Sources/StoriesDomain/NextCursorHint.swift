import Synchronization

/// The next page's cursor as a page request learns it ahead of its page: settled once, with the cursor when the
/// service tells it early, or with `nil` when the request ends without having told it. Awaited by `StoryPages`.
final class NextCursorHint: Sendable {
    private enum State {
        case waiting([CheckedContinuation<StoryCursor?, Never>])
        case settled(StoryCursor?)
    }

    private let state = Mutex(State.waiting([]))

    /// Settles the hint and resumes whoever waits; later calls change nothing.
    func settle(_ cursor: StoryCursor?) {
        let waiters = state.withLock { state -> [CheckedContinuation<StoryCursor?, Never>] in
            guard case .waiting(let waiters) = state else { return [] }
            state = .settled(cursor)
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: cursor) }
    }

    /// The settled value, once there is one.
    func value() async -> StoryCursor? {
        await withCheckedContinuation { continuation in
            let settled = state.withLock { state -> StoryCursor?? in
                switch state {
                case .settled(let cursor):
                    return .some(cursor)
                case .waiting(var waiters):
                    waiters.append(continuation)
                    state = .waiting(waiters)
                    return .none
                }
            }
            if case .some(let cursor) = settled { continuation.resume(returning: cursor) }
        }
    }
}
