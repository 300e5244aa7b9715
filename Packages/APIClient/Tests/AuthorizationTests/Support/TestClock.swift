import Foundation

/// A wall clock and a monotonic clock that the test moves together, by hand. It also records which callers read
/// the wall clock, so that a test can tell when concurrent callers have reached a given point (see
/// `SessionFixture.waitForRefreshWaiters`).
final class TestClock: Sendable {
    /// The caller a wall-clock read is counted for: a test binds it around each of its concurrent callers.
    @TaskLocal static var caller: Int?

    private let current: ThreadSanitizerVisibleLock<(date: Date, instant: ContinuousClock.Instant)>
    private let readsByCaller = ReadCounts()

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = ThreadSanitizerVisibleLock((start, ContinuousClock.now))
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

/// Wall-clock reads per caller: many callers count at once, so behind a lock ThreadSanitizer sees.
private final class ReadCounts: Sendable {
    private let counts = ThreadSanitizerVisibleLock([Int: Int]())

    func count(_ caller: Int) {
        counts.withLock { $0[caller, default: 0] += 1 }
    }

    func callers(thatReadAtLeast reads: Int) -> Int {
        counts.withLock { $0.values.count { $0 >= reads } }
    }
}
