import Foundation

/// When to refresh proactively, and when a server that keeps rejecting new tokens must stop the refreshing.
public struct RefreshPolicy: Sendable {
    /// The most time before expiry at which a token counts as stale (AppAuth uses 60 s).
    public var maximumLeeway: TimeInterval
    /// For short lifetimes the leeway shrinks to this fraction of the lifetime, so that a token issued a moment ago
    /// is never refreshed proactively, even with a 2 s lifetime.
    public var leewayFraction: Double
    /// Refreshing stops when the server rejects this many freshly issued tokens within `window`. Only rejections
    /// count: a healthy session with 1-second tokens refreshes as often as it must, and a network failure is not
    /// the server rejecting anything.
    public var maximumRejectedFreshTokens: Int
    /// The span, on the monotonic clock, over which rejections are counted. A token whose lifetime is unknown counts
    /// as fresh for this long after it was issued.
    public var window: Duration

    public init(
        maximumLeeway: TimeInterval = 60,
        leewayFraction: Double = 0.1,
        maximumRejectedFreshTokens: Int = 5,
        window: Duration = .seconds(30)
    ) {
        self.maximumLeeway = maximumLeeway
        self.leewayFraction = leewayFraction
        self.maximumRejectedFreshTokens = maximumRejectedFreshTokens
        self.window = window
    }

    /// How long before `credential` expires it should be refreshed.
    public func leeway(for credential: Credential) -> TimeInterval {
        guard let expiresAt = credential.expiresAt else { return 0 }
        let lifetime = max(0, expiresAt.timeIntervalSince(credential.issuedAt))
        return min(maximumLeeway, lifetime * leewayFraction)
    }

    /// Whether `credential`'s access token should be replaced before it is used at `now`. Unknown expiry never
    /// triggers a proactive refresh: the server's 401 decides.
    public func needsRefresh(_ credential: Credential, at now: Date) -> Bool {
        guard let expiresAt = credential.expiresAt else { return false }
        return now >= expiresAt.addingTimeInterval(-leeway(for: credential))
    }
}
