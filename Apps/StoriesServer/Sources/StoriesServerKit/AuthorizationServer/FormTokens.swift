import Foundation

/// One-time tokens that tie a submitted HTML form to the page this server rendered, against cross-site request
/// forgery: each page gets a random token, bound on the server to what the page was about (for the consent page,
/// the whole authorization request, so that nothing in it can be changed in the browser). A submission whose token
/// is missing, unknown, expired or already used is refused with 403.
///
/// Tokens live `lifetime` seconds; at most `capacity` are kept, and past that the one closest to expiring is dropped.
actor FormTokens<Binding: Sendable> {
    private struct Record {
        var binding: Binding
        var expiresAt: Date
    }

    private let lifetime: TimeInterval
    private let capacity: Int
    private let environment: ServerEnvironment
    private var records: [String: Record] = [:]

    init(lifetime: TimeInterval = 600, capacity: Int = 10_000, environment: ServerEnvironment) {
        self.lifetime = lifetime
        self.capacity = max(1, capacity)
        self.environment = environment
    }

    /// A new token bound to `binding`.
    func issue(for binding: Binding) -> String {
        let now = environment.now()
        records = records.filter { $0.value.expiresAt > now }
        if records.count >= capacity, let soonest = records.min(by: { $0.value.expiresAt < $1.value.expiresAt }) {
            records[soonest.key] = nil
        }
        let token = environment.makeToken()
        records[token] = Record(binding: binding, expiresAt: now.addingTimeInterval(lifetime))
        return token
    }

    /// What `token` was issued for, if it is live; either way it cannot be used again.
    func redeem(_ token: String?) -> Binding? {
        guard let token, let record = records.removeValue(forKey: token) else { return nil }
        return record.expiresAt > environment.now() ? record.binding : nil
    }
}
