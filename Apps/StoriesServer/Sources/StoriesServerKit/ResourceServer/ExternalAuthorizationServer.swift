import Foundation

/// An authorization server this server trusts instead of being its own (`--authorization-server`): its issuer, and the
/// client this server introspects tokens as.
public struct ExternalAuthorizationServer: Sendable {
    /// The issuer identifier, exactly as its metadata must name it (RFC 8414 §3.3).
    public var issuer: String
    public var client: ClientCredentials
    /// How long one request to it (a metadata document, an introspection) may take, its body included.
    public var timeout: Duration
    /// The largest answer read from it: metadata and introspection documents are small.
    public var responseLimit: Int

    public init(
        issuer: String, client: ClientCredentials, timeout: Duration = .seconds(5), responseLimit: Int = 64 << 10
    ) {
        self.issuer = issuer
        self.client = client
        self.timeout = timeout
        self.responseLimit = responseLimit
    }

    /// Whether `text` can be an issuer this server sends its client secret to: an `https` URL, or `http` to a loopback
    /// address (RFC 8414 §2: no query or fragment; no user information either).
    public static func isValidIssuer(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), components.query == nil, components.fragment == nil,
            !text.contains("#"), !text.contains("?")
        else { return false }
        return SecretSafeURL.allows(components)
    }
}
