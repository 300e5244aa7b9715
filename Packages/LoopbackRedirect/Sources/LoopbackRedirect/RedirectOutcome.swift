import Authorization
import Synchronization

/// The one result of a listener: the first `complete` wins; `value()` waits for it.
final class RedirectOutcome: Sendable {
    private enum State {
        case waiting([CheckedContinuation<Result<Secret, AuthorizationRedirectError>, Never>])
        case done(Result<Secret, AuthorizationRedirectError>)
    }

    private let state = Mutex(State.waiting([]))

    /// Sets the result unless one is set already.
    func complete(_ result: Result<Secret, AuthorizationRedirectError>) {
        let waiters = state.withLock {
            state -> [CheckedContinuation<Result<Secret, AuthorizationRedirectError>, Never>] in
            guard case .waiting(let waiters) = state else { return [] }
            state = .done(result)
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }

    func value() async -> Result<Secret, AuthorizationRedirectError> {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Result<Secret, AuthorizationRedirectError>? in
                switch state {
                case .done(let result): return result
                case .waiting(var waiters):
                    waiters.append(continuation)
                    state = .waiting(waiters)
                    return nil
                }
            }
            if let done { continuation.resume(returning: done) }
        }
    }
}
