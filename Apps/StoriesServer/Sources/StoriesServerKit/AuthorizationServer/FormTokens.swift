import Foundation

/// One-time tokens that tie a submitted HTML form to the page this server rendered, against cross-site request
/// forgery: each page gets a random token, bound on the server to what the page was about (for the consent page,
/// the whole authorization request, so that nothing in it can be changed in the browser). A submission whose token
/// is missing, unknown, expired or already used is refused with 403.
///
/// Tokens live `lifetime` seconds. Each client address holds at most `perAddress` of them, and past that its own
/// oldest is dropped, so that one client opening pages in a loop cannot push out anyone else's open form; at most
/// `capacity` are kept in all (see `BoundedRecords` for who loses one then).
actor FormTokens<Binding: Sendable> {
    private struct Record {
        var binding: Binding
        var expiresAt: Date
    }

    private let lifetime: TimeInterval
    private let environment: ServerEnvironment
    private var records: BoundedRecords<String, Record>

    init(lifetime: TimeInterval = 600, perAddress: Int = 50, capacity: Int = 10_000, environment: ServerEnvironment) {
        self.lifetime = lifetime
        self.environment = environment
        records = BoundedRecords(capacity: capacity) { _ in perAddress }
    }

    /// A new token bound to `binding`, for a page shown to the client at `address`.
    func issue(for binding: Binding, to address: ClientAddress) -> String {
        let now = environment.now()
        records.dropOldest { $0.expiresAt <= now }
        let token = environment.makeToken()
        records.insert(
            Record(binding: binding, expiresAt: now.addingTimeInterval(lifetime)), id: token,
            owners: [.address(address)])
        return token
    }

    /// What `token` was issued for, if it is live; either way it cannot be used again.
    func redeem(_ token: String?) -> Binding? {
        guard let token, let record = records.remove(token) else { return nil }
        return record.expiresAt > environment.now() ? record.binding : nil
    }

    /// How many tokens the client at `address` holds.
    func count(for address: ClientAddress) -> Int {
        records.count(of: .address(address))
    }
}
