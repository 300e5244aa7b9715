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
    /// The origin clients and browsers reach the server at (`https://stories.example`): the issuer and the base of
    /// every URL the server hands out. `nil`: `http://host:port` of the listen address.
    public var publicURL: String?
    /// Whether the token endpoint accepts the resource owner password credentials grant (RFC 6749 §4.3), which
    /// RFC 9700 §2.4 forbids for new deployments; docs/SERVER.md says why the reference server keeps it on by default.
    public var passwordGrantEnabled: Bool
    /// Whether the metadata names the PAR endpoint (RFC 9126) and whether the sign-in page requires pushed requests.
    public var pushedAuthorizationRequests: PushedAuthorizationRequestPolicy
    /// How long a device code and its user code stay valid (RFC 8628 §3.2 `expires_in`).
    public var deviceCodeLifetime: TimeInterval
    /// The polling interval device authorizations start with (RFC 8628 §3.2 `interval`).
    public var deviceCodePollingInterval: TimeInterval
    /// How long an authorization code can be exchanged (RFC 6749 §4.1.2 recommends at most 10 minutes).
    public var authorizationCodeLifetime: TimeInterval
    /// The confidential client allowed to call this server's introspection endpoint (RFC 7662). `nil`: no client
    /// may introspect here.
    public var introspectionClient: ClientCredentials?
    /// The external authorization server whose access tokens this server accepts, checked by introspection; the
    /// server then issues no tokens itself. `nil`: the server is its own authorization server.
    public var authorizationServer: ExternalAuthorizationServer?
    /// Whether the server takes DPoP proofs and binds tokens to their keys (RFC 9449); `optional` by default, so that
    /// clients without DPoP keep working (docs/SERVER.md).
    public var dpop: DPoPMode
    /// The idle timeout, the connections each client may hold and the shutdown grace period.
    public var connections: ConnectionBounds

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        accessTokenLifetime: TimeInterval = 900,
        refreshTokenLifetime: TimeInterval? = nil,
        refreshTokenReuseInterval: TimeInterval = 0,
        storyCount: Int = 500,
        passwordHashCost: UInt8 = 8,
        publicURL: String? = nil,
        passwordGrantEnabled: Bool = true,
        pushedAuthorizationRequests: PushedAuthorizationRequestPolicy = .optional,
        deviceCodeLifetime: TimeInterval = 600,
        deviceCodePollingInterval: TimeInterval = 5,
        authorizationCodeLifetime: TimeInterval = 60,
        introspectionClient: ClientCredentials? = nil,
        authorizationServer: ExternalAuthorizationServer? = nil,
        dpop: DPoPMode = .optional,
        connections: ConnectionBounds = .standard
    ) {
        self.host = host
        self.port = port
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.refreshTokenReuseInterval = refreshTokenReuseInterval
        self.storyCount = storyCount
        self.passwordHashCost = passwordHashCost
        self.publicURL = publicURL
        self.passwordGrantEnabled = passwordGrantEnabled
        self.pushedAuthorizationRequests = pushedAuthorizationRequests
        self.deviceCodeLifetime = deviceCodeLifetime
        self.deviceCodePollingInterval = deviceCodePollingInterval
        self.authorizationCodeLifetime = authorizationCodeLifetime
        self.introspectionClient = introspectionClient
        self.authorizationServer = authorizationServer
        self.dpop = dpop
        self.connections = connections
    }

    /// The longest reuse interval the server accepts. A replayed token is honoured for that long, so it stays short:
    /// long enough for a client to retry a lost answer, too short to be a second lifetime.
    public static let maximumRefreshTokenReuseInterval: TimeInterval = 300

    /// The path every operation lives under, as in the spec's server URLs.
    public static let basePath = "/v1"

    /// The HTML pages where a person signs in, outside the versioned API.
    public static let authorizationPagePath = "/oauth/authorize"
    public static let deviceVerificationPagePath = "/device"

    /// The demo account every server starts with.
    public static let demoUsername = "demo"
    public static let demoPassword = "demo-password"
}

extension ServerConfiguration {
    /// The origin in `text` (trailing `/` removed), or `nil` unless it is an absolute `http` or `https` URL with a host
    /// and no path, query, fragment or user information.
    public static func publicOrigin(parsing text: String) -> String? {
        try? PublicOrigin.parse(text)
    }
}
