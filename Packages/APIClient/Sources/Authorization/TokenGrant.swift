import Foundation
import RFC9449

/// A validated token response (RFC 6749 §5.1).
public struct TokenGrant: Sendable, Equatable {
    public var accessToken: Secret
    /// `nil` when the server issued none; the caller keeps the refresh token it had.
    public var refreshToken: Secret?
    public var scope: String?
    /// When the request was sent, the start of the token's lifetime.
    public var issuedAt: Date
    /// `nil` when `expires_in` is missing or absurd: the token then lives until a 401 says otherwise.
    public var expiresAt: Date?
    /// `Bearer`, or `DPoP` for tokens bound to `dpopKey` (RFC 9449 §5).
    public var tokenType: String
    /// The key the request that got these tokens signed its proof with, when the server bound them to it.
    public var dpopKey: DPoPSigningKey?

    public init(
        accessToken: Secret, refreshToken: Secret?, scope: String?, issuedAt: Date, expiresAt: Date?,
        tokenType: String = "Bearer", dpopKey: DPoPSigningKey? = nil
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.scope = scope
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.tokenType = tokenType
        self.dpopKey = dpopKey
    }

    /// The lifetime the server announced, in seconds, if known.
    public var lifetime: TimeInterval? { expiresAt.map { $0.timeIntervalSince(issuedAt) } }
}
