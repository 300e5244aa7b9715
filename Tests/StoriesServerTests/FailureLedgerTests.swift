import Foundation
import Testing

@testable import StoriesServerKit

/// The counting behind every throttle: an allowance, then waits that double.
@Suite("Failure ledger")
struct FailureLedgerTests {
    static let policy = ThrottlePolicy(allowance: 3, firstDelay: 1, maximumDelay: 8, memory: 60)
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("The wait is zero within the allowance, then doubles up to the maximum")
    func delays() {
        #expect((0...8).map { Self.policy.delay(afterFailures: $0) } == [0, 0, 0, 1, 2, 4, 8, 8, 8])
        #expect(Self.policy.delay(afterFailures: Int.max) == 8)
    }

    @Test("Concurrent attempts get no more tries than attempts one after another")
    func concurrentAttempts() {
        var ledger = FailureLedger<String>(capacity: 10) { _ in Self.policy }
        // Three attempts may be in flight at once: the allowance.
        for _ in 1...3 { #expect(ledger.admit(["k"], now: start) == 0) }
        #expect(ledger.admit(["k"], now: start) == 1)
        for _ in 1...3 { ledger.finish(["k"], failed: true, now: start) }
        #expect(ledger.wait(for: "k", now: start) == 1)
        // Past the allowance, one at a time.
        let later = start.addingTimeInterval(1)
        #expect(ledger.admit(["k"], now: later) == 0)
        #expect(ledger.admit(["k"], now: later) == 1)
        ledger.finish(["k"], failed: true, now: later)
        #expect(ledger.wait(for: "k", now: later) == 2)
    }

    @Test("An attempt waits for the slowest of its keys, and a refused attempt changes nothing")
    func slowestKey() {
        let lenient = ThrottlePolicy(allowance: 100, firstDelay: 1, maximumDelay: 8, memory: 60)
        var ledger = FailureLedger<String>(capacity: 10) { $0 == "strict" ? Self.policy : lenient }
        for _ in 1...3 {
            #expect(ledger.admit(["strict", "lenient"], now: start) == 0)
            ledger.finish(["strict", "lenient"], failed: true, now: start)
        }
        #expect(ledger.admit(["strict", "lenient"], now: start) == 1)
        #expect(ledger.wait(for: "lenient", now: start) == 0)
        #expect(ledger.admit(["lenient"], now: start) == 0)
    }

    @Test("Failures are forgotten once the memory has passed, or when told")
    func forgets() {
        var ledger = FailureLedger<String>(capacity: 10) { _ in Self.policy }
        for _ in 1...5 {
            _ = ledger.admit(["k", "j"], now: start)
            ledger.finish(["k", "j"], failed: true, now: start)
        }
        #expect(ledger.wait(for: "k", now: start.addingTimeInterval(3)) == 1)
        #expect(ledger.admit(["k"], now: start.addingTimeInterval(60)) == 0)
        ledger.finish(["k"], failed: true, now: start.addingTimeInterval(60))
        #expect(ledger.wait(for: "k", now: start.addingTimeInterval(60)) == 0)
        ledger.forgetFailures(of: "j")
        #expect(ledger.wait(for: "j", now: start) == 0)
    }

    @Test("A full ledger forgets what it no longer needs first, then the least recently used keys")
    func bounded() {
        var ledger = FailureLedger<Int>(capacity: 80) { _ in Self.policy }
        for key in 0..<1000 {
            let now = start.addingTimeInterval(TimeInterval(key))
            _ = ledger.admit([key], now: now)
            ledger.finish([key], failed: true, now: now)
            #expect(ledger.count <= 80)
        }
        // The most recent keys are still counted.
        _ = ledger.admit([999], now: start.addingTimeInterval(999))
        ledger.finish([999], failed: true, now: start.addingTimeInterval(999))
        _ = ledger.admit([999], now: start.addingTimeInterval(999))
        ledger.finish([999], failed: true, now: start.addingTimeInterval(999))
        #expect(ledger.wait(for: 999, now: start.addingTimeInterval(999)) == 1)
    }
}
