import Foundation

/// The proofs seen lately (RFC 9449 §11.1), so that none is accepted twice: each is remembered, by its key and `jti`,
/// until its `iat` falls out of the accepted window, after which the window check refuses it anyway.
///
/// Bounded as every table of the server is (`BoundedRecords`): `perAddress` proofs per client address and `capacity`
/// in all, so that a client sending proofs in a loop only pushes out its own. A proof pushed out early could be
/// replayed within its window, which takes a flood from the very address it would be replayed from.
actor DPoPReplayCache {
    private var records: BoundedRecords<String, Date>
    private let environment: ServerEnvironment

    init(perAddress: Int = 1000, capacity: Int = 100_000, environment: ServerEnvironment) {
        records = BoundedRecords(capacity: capacity) { _ in perAddress }
        self.environment = environment
    }

    var count: Int { records.count }

    /// Records the proof `jti` of the key `keyThumbprint`, to be remembered until `forgetAt`, and returns whether it
    /// is new.
    func firstUse(jti: String, keyThumbprint: String, forgetAt: Date, from address: ClientAddress) -> Bool {
        let now = environment.now()
        records.dropOldest { $0 <= now }
        let id = keyThumbprint + " " + jti
        guard records[id] == nil else { return false }
        records.insert(forgetAt, id: id, owners: [.address(address)])
        return true
    }
}
