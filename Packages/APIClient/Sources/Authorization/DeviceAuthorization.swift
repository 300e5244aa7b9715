import Foundation

/// A device authorization the server started (RFC 8628 §3.2): what to show the person, and what to poll with.
public struct DeviceAuthorization: Sendable, Equatable {
    /// What the device polls the token endpoint with. Never shown.
    public var deviceCode: Secret
    /// What the person types on the verification page.
    public var userCode: String
    public var verificationURI: URL
    /// The verification page with the user code filled in, when the server offers one.
    public var verificationURIComplete: URL?
    /// When the device code and user code stop working.
    public var expiresAt: Date
    /// The least time between two polls (5 seconds when the server names none, RFC 8628 §3.2).
    public var interval: Duration

    public init(
        deviceCode: Secret, userCode: String, verificationURI: URL, verificationURIComplete: URL?, expiresAt: Date,
        interval: Duration
    ) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresAt = expiresAt
        self.interval = interval
    }
}
