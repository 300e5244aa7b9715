import Foundation

/// How a `stories-server` instance behaves.
public struct ServerConfiguration: Sendable {
    public var host: String
    /// 0 asks the system for a free port.
    public var port: Int
    public var accessTokenLifetime: TimeInterval
    /// `nil`: refresh tokens live until used or revoked.
    public var refreshTokenLifetime: TimeInterval?
    /// How many demo stories to seed.
    public var storyCount: Int
    /// bcrypt work factor for stored passwords. Low values are for tests only.
    public var passwordHashCost: UInt8

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        accessTokenLifetime: TimeInterval = 900,
        refreshTokenLifetime: TimeInterval? = nil,
        storyCount: Int = 500,
        passwordHashCost: UInt8 = 8
    ) {
        self.host = host
        self.port = port
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.storyCount = storyCount
        self.passwordHashCost = passwordHashCost
    }

    /// The path every operation lives under, as in the spec's server URLs.
    public static let basePath = "/v1"

    /// The demo account every server starts with.
    public static let demoUsername = "demo"
    public static let demoPassword = "demo-password"
}
