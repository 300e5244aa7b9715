import Foundation
import RFC7636

/// The server's sources of time and randomness, injected so that tests control them.
public struct ServerEnvironment: Sendable {
    public var now: @Sendable () -> Date
    /// Returns a new opaque token with at least 128 bits of entropy.
    public var makeToken: @Sendable () -> String

    public init(now: @escaping @Sendable () -> Date, makeToken: @escaping @Sendable () -> String) {
        self.now = now
        self.makeToken = makeToken
    }

    /// The wall clock and the system's cryptographic random number generator.
    public static var live: ServerEnvironment {
        ServerEnvironment(now: { Date() }, makeToken: { RandomToken.make() })
    }
}

/// 256 random bits from the system generator, base64url without padding (43 characters).
enum RandomToken {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(bytes)
    }
}
