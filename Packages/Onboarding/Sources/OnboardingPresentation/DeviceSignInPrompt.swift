import Foundation
import OnboardingDomain

/// What a device sign-in (RFC 8628) shows while it waits: the code a person types, where, and until when. Never what
/// the device polls with.
public struct DeviceSignInPrompt: Sendable, Equatable {
    /// What the person types on the verification page, such as `BCDF-GHJK`.
    public var userCode: String
    public var verificationURI: URL
    /// The verification page with the code filled in (for a link or a QR code), when the server offers one.
    public var verificationURIComplete: URL?
    /// When the code stops working.
    public var expiresAt: Date

    public init(userCode: String, verificationURI: URL, verificationURIComplete: URL?, expiresAt: Date) {
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresAt = expiresAt
    }

    init(_ code: DeviceSignInCode) {
        self.init(
            userCode: code.userCode, verificationURI: code.verificationURI,
            verificationURIComplete: code.verificationURIComplete, expiresAt: code.expiresAt)
    }
}
