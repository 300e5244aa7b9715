import Foundation
import Synchronization

/// The nonces the server gives out in `DPoP-Nonce` (RFC 9449 §8, §9): one at a time, replaced every `lifetime`
/// seconds, the one before it still accepted so that a proof made just before a change is not refused. Two strings in
/// memory, however many clients ask.
///
/// A `Mutex`, not an actor: every token endpoint answer reads it, from code that does not suspend.
final class DPoPNonces: Sendable {
    private struct State {
        var current: (value: String, since: Date)?
        var previous: String?
    }

    private let lifetime: TimeInterval
    private let environment: ServerEnvironment
    private let state = Mutex(State())

    init(lifetime: TimeInterval = 300, environment: ServerEnvironment) {
        self.lifetime = lifetime
        self.environment = environment
    }

    /// The nonce to send now.
    func nonce() -> String {
        state.withLock { current(in: &$0) }
    }

    /// Whether a proof may carry `nonce`: the current one, or the one it replaced.
    func accepts(_ nonce: String) -> Bool {
        state.withLock { state in
            nonce == current(in: &state) || nonce == state.previous
        }
    }

    private func current(in state: inout State) -> String {
        let now = environment.now()
        if let current = state.current, now.timeIntervalSince(current.since) < lifetime { return current.value }
        state.previous = state.current?.value
        let value = environment.makeToken()
        state.current = (value, now)
        return value
    }
}
