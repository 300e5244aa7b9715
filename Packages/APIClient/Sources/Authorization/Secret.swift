/// A token or password. It prints as `<redacted>` everywhere (`description`, `debugDescription`, `dump`, string
/// interpolation), so a value can only leave through `unredacted`, which is easy to grep for.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The secret itself. Read it only to put it on the wire or into the credentials store.
    public let unredacted: String

    public init(_ unredacted: String) {
        self.unredacted = unredacted
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "Secret(<redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// Whether the value is a syntactically valid RFC 6750 §2.1 `b64token`, so it can go into an `Authorization`
    /// header without a transport echoing it back in an error.
    public var isValidBearerToken: Bool {
        let body = unredacted.prefix { $0 != "=" }
        let padding = unredacted.dropFirst(body.count)
        return !body.isEmpty && padding.allSatisfy { $0 == "=" }
            && body.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~", "+", "/": true
                default: false
                }
            }
    }
}
