import Foundation

/// Authorization server metadata by issuer, each kept for a bounded time: RFC 8414 documents change rarely, but they
/// do change (a new endpoint, a key rotation), so none is kept forever.
public actor AuthorizationServerMetadataCache {
    private var entries: [String: (metadata: AuthorizationServerMetadata, storedAt: Date)] = [:]
    private let lifetime: TimeInterval
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - lifetime: how long a document is used before it is asked for again.
    ///   - now: the clock that ages the entries.
    public init(lifetime: TimeInterval = 15 * 60, now: @escaping @Sendable () -> Date) {
        self.lifetime = lifetime
        self.now = now
    }

    /// The metadata kept for `issuer`, if it is younger than the lifetime.
    public func metadata(ofIssuer issuer: String) -> AuthorizationServerMetadata? {
        guard let entry = entries[issuer] else { return nil }
        let age = now().timeIntervalSince(entry.storedAt)
        guard age >= 0, age < lifetime else {
            entries[issuer] = nil
            return nil
        }
        return entry.metadata
    }

    /// Keeps `metadata` under its issuer.
    public func keep(_ metadata: AuthorizationServerMetadata) {
        entries[metadata.issuer] = (metadata, now())
    }
}
