import Foundation

/// How many failures a key is allowed before it is slowed down, and how much.
struct ThrottlePolicy: Sendable, Equatable {
    /// Failures allowed before the first wait.
    var allowance: Int
    /// The wait after the `allowance`-th failure; each later failure doubles it.
    var firstDelay: TimeInterval
    /// The longest wait.
    var maximumDelay: TimeInterval
    /// How long after its last failure a key's failures are forgotten (longer than `maximumDelay`).
    var memory: TimeInterval

    /// The wait after the `failures`-th failure: none within the allowance, then `firstDelay` doubled for each failure
    /// past it, up to `maximumDelay`.
    func delay(afterFailures failures: Int) -> TimeInterval {
        guard failures >= allowance else { return 0 }
        let doublings = min(failures - allowance, 62)
        return min(maximumDelay, firstDelay * pow(2, Double(doublings)))
    }
}

/// Failed attempts counted per key (an account, a client address, the two together), with exponential back-off: a
/// key may fail `allowance` times, then must wait `firstDelay` before its next attempt, twice that after the next
/// failure, and so on up to `maximumDelay`. A key is forgotten `memory` seconds after its last failure.
///
/// Attempts are admitted before they are checked and finished after, because checking one takes time (a password
/// hash) during which others arrive. Once a key's failures and the attempts in flight under it reach the allowance,
/// no further attempt is admitted under it until those finish: a burst of concurrent attempts gets no more tries than
/// attempts one after another would.
///
/// At most `capacity` keys are remembered. A full ledger forgets keys whose memory has run out; if that is not enough,
/// the least recently used eighth of the keys, so that making room is rare.
struct FailureLedger<Key: Hashable> {
    private struct Record {
        var failures = 0
        var lastFailure: Date?
        var inFlight = 0
        var lastUsed: Date
    }

    let capacity: Int
    private let policy: (Key) -> ThrottlePolicy
    private var records: [Key: Record] = [:]

    init(capacity: Int, policy: @escaping (Key) -> ThrottlePolicy) {
        self.capacity = max(1, capacity)
        self.policy = policy
    }

    var count: Int { records.count }

    /// Seconds until an attempt under `key` may go ahead; 0 if it may now.
    func wait(for key: Key, now: Date) -> TimeInterval {
        guard let record = records[key] else { return 0 }
        let policy = policy(key)
        let failures = failures(of: record, policy: policy, now: now)
        if let last = record.lastFailure {
            let remaining = last.addingTimeInterval(policy.delay(afterFailures: failures)).timeIntervalSince(now)
            if remaining > 0 { return remaining }
        }
        // Attempts being checked could take the key past its allowance: the next one waits for their outcome.
        if record.inFlight > 0 && failures + record.inFlight >= policy.allowance { return 1 }
        return 0
    }

    /// Admits an attempt under every key of `keys` and returns 0, or returns the seconds until one may be admitted
    /// (the longest wait of any key) and changes nothing.
    mutating func admit(_ keys: [Key], now: Date) -> TimeInterval {
        let longest = keys.map { wait(for: $0, now: now) }.max() ?? 0
        guard longest <= 0 else { return longest }
        for key in keys {
            var record = takeRecord(key, now: now)
            record.inFlight += 1
            record.lastUsed = now
            records[key] = record
        }
        return 0
    }

    /// Ends an attempt admitted under `keys`: `failed` counts a failure against each of them.
    mutating func finish(_ keys: [Key], failed: Bool, now: Date) {
        for key in keys {
            var record = takeRecord(key, now: now)
            record.inFlight = max(0, record.inFlight - 1)
            record.lastUsed = now
            if failed {
                record.failures = failures(of: record, policy: policy(key), now: now) + 1
                record.lastFailure = now
            }
            records[key] = record.failures == 0 && record.inFlight == 0 ? nil : record
        }
    }

    /// Forgets the failures of `key` (an attempt under it succeeded).
    mutating func forgetFailures(of key: Key) {
        guard var record = records[key] else { return }
        record.failures = 0
        record.lastFailure = nil
        records[key] = record.inFlight == 0 ? nil : record
    }

    /// The failures of `record` that still count: none once its memory has run out.
    private func failures(of record: Record, policy: ThrottlePolicy, now: Date) -> Int {
        guard let last = record.lastFailure, now.timeIntervalSince(last) < policy.memory else { return 0 }
        return record.failures
    }

    /// The record of `key`, making room for a new one when the ledger is full.
    private mutating func takeRecord(_ key: Key, now: Date) -> Record {
        if let record = records[key] { return record }
        if records.count >= capacity { makeRoom(now: now) }
        return Record(lastUsed: now)
    }

    private mutating func makeRoom(now: Date) {
        records = records.filter { key, record in
            record.inFlight > 0 || failures(of: record, policy: policy(key), now: now) > 0
        }
        let target = capacity - max(1, capacity / 8)
        guard records.count > target else { return }
        let leastRecentlyUsed = records.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(records.count - target)
        for (key, _) in leastRecentlyUsed { records[key] = nil }
    }
}
