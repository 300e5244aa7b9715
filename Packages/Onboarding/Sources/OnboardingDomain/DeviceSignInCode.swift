import Foundation

/// A device sign-in waiting for a person (RFC 8628): the code they type at the verification page, where that page
/// is, and until when. What the device polls with stays in `ticket`, which never prints.
public struct DeviceSignInCode: Sendable, Equatable {
    /// What the person types on the verification page, such as `BCDF-GHJK`.
    public var userCode: String
    public var verificationURI: URL
    /// The verification page with the code filled in (for a link or a QR code), when the server offers one.
    public var verificationURIComplete: URL?
    /// When the code stops working.
    public var expiresAt: Date
    /// The least time between two polls, as the server asked.
    public var pollingInterval: Duration
    /// What the service polls with.
    public var ticket: DeviceSignInTicket

    public init(
        userCode: String, verificationURI: URL, verificationURIComplete: URL?, expiresAt: Date,
        pollingInterval: Duration, ticket: DeviceSignInTicket
    ) {
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresAt = expiresAt
        self.pollingInterval = pollingInterval
        self.ticket = ticket
    }
}
