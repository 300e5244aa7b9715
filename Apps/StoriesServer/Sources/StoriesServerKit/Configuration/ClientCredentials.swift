import Foundation

/// A confidential client's id and secret (RFC 6749 §2.3.1): the client allowed to call this server's introspection
/// endpoint, or, with an external authorization server, the client this server introspects as.
///
/// The secret never leaves this type but in an `Authorization` header: `description`, `debugDescription` and the
/// mirror that `dump` reads show the id alone.
public struct ClientCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public let id: String
    let secret: String

    /// `nil` unless both are 1 to 1024 visible ASCII characters or spaces (RFC 6749 Appendix A.1-A.2, `*VSCHAR`).
    public init?(id: String, secret: String) {
        guard Self.isVisible(id), Self.isVisible(secret) else { return nil }
        self.id = id
        self.secret = secret
    }

    /// Whether `id` can be a client id here.
    public static func isValidID(_ id: String) -> Bool {
        isVisible(id)
    }

    static func isVisible(_ text: String) -> Bool {
        (1...1024).contains(text.utf8.count) && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    public var description: String { "client \(id) (secret withheld)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["id": id]) }

    /// The `Authorization` value that presents these credentials: `Basic`, then base64 of the form-encoded id, a
    /// colon and the form-encoded secret (RFC 6749 §2.3.1).
    var basicAuthorization: String {
        let pair = FormURLEncoding.encode(id) + ":" + FormURLEncoding.encode(secret)
        return "Basic " + Data(pair.utf8).base64EncodedString()
    }

    /// Whether `authorization`, an `Authorization` header, presents exactly these credentials. The secret is compared
    /// in time that does not depend on where it differs.
    func arePresented(in authorization: String?) -> Bool {
        guard let authorization, let presented = Self.basicPair(authorization) else { return false }
        return presented.id == id && Self.constantTimeEqual(Array(presented.secret.utf8), Array(secret.utf8))
    }

    /// The id and secret of a `Basic` value, form-decoded; `nil` if it is not one.
    static func basicPair(_ authorization: String) -> (id: String, secret: String)? {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: parts[1].trimmingCharacters(in: .whitespaces)),
            let pair = String(data: decoded, encoding: .utf8),
            let colon = pair.firstIndex(of: ":"),
            let id = FormURLEncoding.decode(pair[..<colon]),
            let secret = FormURLEncoding.decode(pair[pair.index(after: colon)...])
        else { return nil }
        return (id, secret)
    }

    private static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= a ^ b
        }
        return difference == 0
    }
}
