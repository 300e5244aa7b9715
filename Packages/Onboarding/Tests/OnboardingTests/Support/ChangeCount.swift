import Observation
import Synchronization

/// Counts the changes `withObservationTracking` reports, as a view that re-renders on each one would.
final class ChangeCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    /// Calls `read` as a view's body would, and counts the next change to anything it read.
    func track(_ read: () -> Void) {
        withObservationTracking(read) { [self] in count.withLock { $0 += 1 } }
    }
}
