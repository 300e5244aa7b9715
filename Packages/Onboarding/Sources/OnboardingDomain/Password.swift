/// A password on its way to the server. It prints as `<redacted>`, so it cannot leak through logs or messages.
public struct Password: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The password itself; read it only to send it.
    public let unredacted: String

    public init(_ unredacted: String) {
        self.unredacted = unredacted
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "Password(<redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
