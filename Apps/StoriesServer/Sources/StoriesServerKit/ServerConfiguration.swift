import Foundation

/// How a `stories-server` instance behaves.
public struct ServerConfiguration: Sendable {
    public var host: String
    /// 0 asks the system for a free port.
    public var port: Int
    public var accessTokenLifetime: TimeInterval
    /// `nil`: refresh tokens live until used or revoked.
    public var refreshTokenLifetime: TimeInterval?
    /// Seconds after a rotation during which the spent refresh token is answered with a fresh pair instead of revoking
    /// its family, as long as its successor has not been used (within `0...maximumRefreshTokenReuseInterval`).
    /// 0, the default, is strict: every reuse revokes the family (RFC 9700 §4.14.2).
    public var refreshTokenReuseInterval: TimeInterval
    /// How many demo stories to seed.
    public var storyCount: Int
    /// bcrypt work factor for stored passwords. Low values are for tests only.
    public var passwordHashCost: UInt8

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        accessTokenLifetime: TimeInterval = 900,
        refreshTokenLifetime: TimeInterval? = nil,
        refreshTokenReuseInterval: TimeInterval = 0,
        storyCount: Int = 500,
        passwordHashCost: UInt8 = 8
    ) {
        self.host = host
        self.port = port
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.refreshTokenReuseInterval = refreshTokenReuseInterval
        self.storyCount = storyCount
        self.passwordHashCost = passwordHashCost
    }

    /// The longest reuse interval the server accepts. A replayed token is honoured for that long, so it stays short:
    /// long enough for a client to retry a lost answer, too short to be a second lifetime.
    public static let maximumRefreshTokenReuseInterval: TimeInterval = 300

    /// The path every operation lives under, as in the spec's server URLs.
    public static let basePath = "/v1"

    /// The demo account every server starts with.
    public static let demoUsername = "demo"
    public static let demoPassword = "demo-password"
}
