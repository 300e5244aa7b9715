import Foundation
import Synchronization

/// A wall clock and a monotonic clock that the test moves together, by hand. It also records which callers read
/// the wall clock, so that a test can tell when concurrent callers have reached a given point (see
/// `SessionFixture.waitForRefreshWaiters`).
final class TestClock: Sendable {
    /// The caller a wall-clock read is counted for: a test binds it around each of its concurrent callers.
    @TaskLocal static var caller: Int?

    private let current: Mutex<(date: Date, instant: ContinuousClock.Instant)>
    private let readsByCaller = ReadCounts()

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex((start, ContinuousClock.now))
    }

    var now: Date { current.withLock { $0.date } }
    var instant: ContinuousClock.Instant { current.withLock { $0.instant } }

    /// The wall clock as the code under test reads it: each read is counted for the current `caller`.
    var function: @Sendable () -> Date {
        {
            if let caller = Self.caller { self.readsByCaller.count(caller) }
            return self.now
        }
    }
    var uptime: @Sendable () -> ContinuousClock.Instant { { self.instant } }

    /// How many callers have read the wall clock at least `reads` times.
    func callers(thatReadAtLeast reads: Int) -> Int {
        readsByCaller.callers(thatReadAtLeast: reads)
    }

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

/// Wall-clock reads per caller, behind an `NSLock` rather than a `Mutex`: many callers count at once, and on Linux
/// ThreadSanitizer does not see `Mutex`'s futex as synchronisation and would report every count as a race; it does
/// see the pthread mutex under `NSLock`.
private final class ReadCounts: @unchecked Sendable {
    // Safe to share: `counts` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var counts: [Int: Int] = [:]

    func count(_ caller: Int) {
        lock.withLock { counts[caller, default: 0] += 1 }
    }

    func callers(thatReadAtLeast reads: Int) -> Int {
        lock.withLock { counts.values.count { $0 >= reads } }
    }
}
