import Foundation
import RFC7636

/// Proof Key for Code Exchange (RFC 7636) with the S256 method, the only one this client uses: a secret verifier that
/// stays in this process until the code exchange, and its SHA-256 challenge, which travels in the authorization URL.
public struct PKCE: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The `code_challenge_method` sent with the challenge. `plain` is never offered: it protects nothing against an
    /// attacker who can read the authorization request.
    public static let method = "S256"

    /// Sent only with the code, to the token endpoint (RFC 7636 §4.5).
    public let verifier: Secret
    /// `BASE64URL(SHA256(ASCII(verifier)))` without padding (RFC 7636 §4.2).
    public let challenge: String

    /// A verifier that is not 43 to 128 characters of `A-Z a-z 0-9 - . _ ~` (RFC 7636 §4.1).
    public struct MalformedVerifier: Error, Equatable, Sendable {
        public let length: Int
    }

    /// The pair for a verifier chosen elsewhere (a test vector, another client's verifier).
    public init(verifier: Secret) throws(MalformedVerifier) {
        let text = verifier.unredacted
        guard CodeChallenge.isWellFormedVerifier(text) else { throw MalformedVerifier(length: text.count) }
        self.verifier = verifier
        self.challenge = Self.challenge(for: text)
    }

    /// A new pair whose verifier is 32 bytes from the system's cryptographically secure generator (getrandom(2) on
    /// Linux, `arc4random_buf` on Apple platforms), base64url-encoded: 43 characters, 256 bits of entropy, as RFC
    /// 7636 §7.1 recommends.
    public static func generate() -> PKCE {
        let verifier = Base64URL.encode(randomBytes(32))
        // 43 characters of the base64url alphabet are always a well-formed verifier.
        return PKCE(unchecked: Secret(verifier))
    }

    private init(unchecked verifier: Secret) {
        self.verifier = verifier
        self.challenge = Self.challenge(for: verifier.unredacted)
    }

    /// The S256 challenge of `verifier`.
    public static func challenge(for verifier: String) -> String {
        CodeChallenge.s256(of: verifier)
    }

    /// `count` bytes from the system's cryptographically secure generator.
    ///
    /// Through `UInt64.random(in:)`, which uses the standard library's system generator itself: passing an
    /// `inout SystemRandomNumberGenerator` of our own (an empty struct) crashed ThreadSanitizer on Linux with a SEGV in
    /// its shadow memory at that access.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: UInt64.random(in: .min ... .max)) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }

    public var description: String { "PKCE(S256, challenge: \(challenge), verifier: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["challenge": challenge]) }
}
