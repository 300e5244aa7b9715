/// Whom a record counts against: the client address it came from, or the account it was issued to.
enum RecordOwner: Hashable, Sendable {
    case address(ClientAddress)
    case account(String)
}

/// A table of records that belong to owners (client addresses, accounts), bounded per owner and in all, so that no
/// owner can use up what every owner shares.
///
/// - An owner past its limit makes room by losing its own oldest record: a client that floods the table only ever
///   replaces its own records.
/// - A table past its capacity (which takes many owners at their limits) makes room by dropping the oldest record of
///   the owner holding the most, so owners with one record each are the last to lose one.
///
/// Records are also kept in the order they arrived. Every table here gives its records one lifetime, so that order is
/// the order in which they expire, and `dropOldest(while:)` forgets expired records from the front in constant time
/// per record.
struct BoundedRecords<ID: Hashable, Value> {
    private struct Entry {
        var value: Value
        var owners: [RecordOwner]
        var sequence: Int
    }

    let capacity: Int
    private let limit: (RecordOwner) -> Int
    private var entries: [ID: Entry] = [:]
    /// Each owner's records, oldest first.
    private var byOwner: [RecordOwner: [ID]] = [:]
    /// Every record in arrival order from `arrivalStart` on, with the sequence it arrived with; records removed since
    /// are skipped (their sequence no longer matches) and compacted away.
    private var arrivals: [(id: ID, sequence: Int)] = []
    private var arrivalStart = 0
    private var nextSequence = 0

    /// - Parameters:
    ///   - capacity: the most records kept in all (at least 1).
    ///   - limit: the most records `owner` may hold (at least 1).
    init(capacity: Int, limit: @escaping (RecordOwner) -> Int) {
        self.capacity = max(1, capacity)
        self.limit = { max(1, limit($0)) }
    }

    var count: Int { entries.count }

    /// How many places the arrival order holds, removed records included until they are compacted away.
    var arrivalsKept: Int { arrivals.count }

    /// How many records `owner` holds.
    func count(of owner: RecordOwner) -> Int {
        byOwner[owner]?.count ?? 0
    }

    subscript(id: ID) -> Value? {
        entries[id]?.value
    }

    /// Changes the value of the record `id`, if there is one, without changing its place.
    mutating func update(_ id: ID, _ change: (inout Value) -> Void) {
        guard var entry = entries[id] else { return }
        change(&entry.value)
        entries[id] = entry
    }

    /// Adds a record that counts against each of `owners`, and returns the records dropped to make room for it.
    @discardableResult
    mutating func insert(_ value: Value, id: ID, owners: [RecordOwner]) -> [Value] {
        var dropped: [Value] = []
        if let replaced = remove(id) { dropped.append(replaced) }
        let sequence = nextSequence
        nextSequence += 1
        let distinctOwners = owners.reduce(into: [RecordOwner]()) { if !$0.contains($1) { $0.append($1) } }
        entries[id] = Entry(value: value, owners: distinctOwners, sequence: sequence)
        arrivals.append((id, sequence))
        for owner in distinctOwners {
            byOwner[owner, default: []].append(id)
            // Read through the dictionary each time rather than bound to a local: a local copy of the array held
            // while `remove` changes it made every removal copy the whole array (copy-on-write), once per record
            // inserted past an owner's limit, such as every DPoP proof of a client past its 1,000.
            while (byOwner[owner]?.count ?? 0) > limit(owner), let oldest = byOwner[owner]?.first {
                if let value = remove(oldest) { dropped.append(value) }
            }
        }
        while entries.count > capacity, let victim = oldestOfLargestOwner() {
            if let value = remove(victim) { dropped.append(value) }
        }
        compactArrivalsIfSparse()
        return dropped
    }

    /// Removes the record `id` and returns its value.
    @discardableResult
    mutating func remove(_ id: ID) -> Value? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        for owner in entry.owners {
            // Changed in place (the dictionary's element, not a copy of it), so that the array is not copied.
            guard let index = byOwner[owner]?.firstIndex(of: id) else { continue }
            byOwner[owner]?.remove(at: index)
            if byOwner[owner]?.isEmpty == true { byOwner[owner] = nil }
        }
        return entry.value
    }

    /// Removes records from the oldest on, as long as `isDone` says they are done with, and returns them.
    @discardableResult
    mutating func dropOldest(while isDone: (Value) -> Bool) -> [Value] {
        var dropped: [Value] = []
        while arrivalStart < arrivals.count {
            let (id, sequence) = arrivals[arrivalStart]
            if let entry = entries[id], entry.sequence == sequence {
                guard isDone(entry.value) else { break }
                remove(id)
                dropped.append(entry.value)
            }
            arrivalStart += 1
        }
        compactArrivalsIfSparse()
        return dropped
    }

    /// The oldest record of the owner with the most records (of those, the one whose oldest record is oldest).
    private func oldestOfLargestOwner() -> ID? {
        var best: (count: Int, sequence: Int, id: ID)?
        for (_, held) in byOwner {
            guard let first = held.first, let sequence = entries[first]?.sequence else { continue }
            if let current = best,
                held.count < current.count || (held.count == current.count && sequence > current.sequence)
            {
                continue
            }
            best = (held.count, sequence, first)
        }
        return best?.id ?? entries.min { $0.value.sequence < $1.value.sequence }?.key
    }

    /// Keeps `arrivals` within twice the live records (plus a little), so that records removed out of order cannot
    /// make it grow without bound.
    private mutating func compactArrivalsIfSparse() {
        guard arrivals.count - arrivalStart > 2 * entries.count + 64 || arrivalStart > 1024 else { return }
        arrivals = arrivals[arrivalStart...].filter { entries[$0.id]?.sequence == $0.sequence }
        arrivalStart = 0
    }
}
