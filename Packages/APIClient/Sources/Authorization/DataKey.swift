/// A credentials file's data key: 32 random bytes that seal its secret columns. It prints as `<redacted>`, like
/// `Secret`, so a key only leaves through `bytes`.
public struct DataKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key's length in bytes (AES-256).
    public static let byteCount = 32

    /// The key itself. Read it only to seal or open a column, or to hand it to the keyring.
    public let bytes: [UInt8]

    /// `nil` unless `bytes` has `byteCount` bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// A new key from the system's random number generator.
    public static func random() -> DataKey {
        var generator = SystemRandomNumberGenerator()
        // Force-unwrap is safe: exactly `byteCount` bytes.
        return DataKey(bytes: (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })!
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "DataKey(<redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
