import RFC7636

/// The `state` of an authorization request (RFC 6749 §10.12): an unguessable value the redirect must bring back, so
/// that a redirect this client did not ask for (cross-site request forgery, another process on this machine) is
/// refused before its code is spent.
public struct AuthorizationState: Sendable, Equatable {
    /// The value sent in the authorization URL.
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    /// A new state of 32 bytes from the system's cryptographically secure generator, base64url-encoded.
    public static func generate() -> AuthorizationState {
        AuthorizationState(Base64URL.encode(PKCE.randomBytes(32)))
    }

    /// Whether `received` is this state, comparing every byte whatever the first difference, so the time taken does
    /// not tell an attacker how much of a guess was right.
    public func matches(_ received: String) -> Bool {
        let expected = Array(value.utf8)
        let candidate = Array(received.utf8)
        var difference = UInt8(expected.count == candidate.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < candidate.count ? candidate[index] : ~expected[index])
        }
        return difference == 0
    }
}
