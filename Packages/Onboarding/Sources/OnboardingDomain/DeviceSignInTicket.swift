/// The secret a device polls with while a person approves its sign-in. It prints as `<redacted>`: whoever holds it
/// gets the tokens once the person approves.
public struct DeviceSignInTicket: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The device code itself; read it only to send it.
    public let unredacted: String

    public init(_ unredacted: String) {
        self.unredacted = unredacted
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "DeviceSignInTicket(<redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
