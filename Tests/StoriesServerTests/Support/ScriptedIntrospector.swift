import Foundation
import Synchronization

@testable import StoriesServerKit

/// An authorization server's introspection endpoint as a test scripts it: an answer per token (inactive for any other),
/// every call recorded, and, when held, no answer until the test releases it.
final class ScriptedIntrospector: TokenIntrospecting {
    private struct State {
        var answers: [String: Result<IntrospectedToken, IntrospectionFailure>] = [:]
        var calls: [String] = []
        var isHeld = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var callWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// The tokens asked about, in order.
    var calls: [String] { state.withLock { $0.calls } }

    func answer(_ token: String, with result: Result<IntrospectedToken, IntrospectionFailure>) {
        state.withLock { $0.answers[token] = result }
    }

    /// From now on, every call waits for `release()`.
    func hold() {
        state.withLock { $0.isHeld = true }
    }

    /// Lets every waiting call, and every later one, answer.
    func release() {
        let waiting = state.withLock { state in
            state.isHeld = false
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }

    /// Returns once `count` calls have arrived.
    func waitForCalls(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let arrived = state.withLock { state in
                guard state.calls.count < count else { return true }
                state.callWatchers.append((count, continuation))
                return false
            }
            if arrived { continuation.resume() }
        }
    }

    func introspect(_ token: String) async throws(IntrospectionFailure) -> IntrospectedToken {
        let (isHeld, ready) = state.withLock { state in
            state.calls.append(token)
            let ready = state.callWatchers.filter { $0.count <= state.calls.count }.map(\.continuation)
            state.callWatchers.removeAll { $0.count <= state.calls.count }
            return (state.isHeld, ready)
        }
        ready.forEach { $0.resume() }
        if isHeld {
            await withCheckedContinuation { continuation in
                let stillHeld = state.withLock { state in
                    if state.isHeld { state.waiting.append(continuation) }
                    return state.isHeld
                }
                if !stillHeld { continuation.resume() }
            }
        }
        return try state.withLock { $0.answers[token] ?? .success(IntrospectedToken(active: false)) }.get()
    }
}
