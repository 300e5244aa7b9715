import Foundation
import Synchronization

/// A wall clock the benchmark moves by hand, so that the same cached token can be made to expire before every
/// iteration without waiting for it.
final class ManualClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date()) {
        current = Mutex(start)
    }

    func now() -> Date {
        current.withLock { $0 }
    }

    func advance(by interval: TimeInterval) {
        current.withLock { $0.addTimeInterval(interval) }
    }
}
