import Foundation
import Synchronization

/// A wall clock and a monotonic clock that the test moves together, by hand.
final class TestClock: Sendable {
    private let current: Mutex<(date: Date, instant: ContinuousClock.Instant)>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex((start, ContinuousClock.now))
    }

    var now: Date { current.withLock { $0.date } }
    var instant: ContinuousClock.Instant { current.withLock { $0.instant } }

    var function: @Sendable () -> Date { { self.now } }
    var uptime: @Sendable () -> ContinuousClock.Instant { { self.instant } }

    /// Moves the wall clock alone, as a clock adjustment does.
    func jumpWallClock(by seconds: TimeInterval) {
        current.withLock { $0.date.addTimeInterval(seconds) }
    }

    func advance(by seconds: TimeInterval) {
        current.withLock {
            $0.date.addTimeInterval(seconds)
            $0.instant = $0.instant.advanced(by: .milliseconds(Int64(seconds * 1000)))
        }
    }
}
