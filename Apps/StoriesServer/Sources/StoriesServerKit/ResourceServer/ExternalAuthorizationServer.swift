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

/// The rule for every URL a secret or a token is sent to: `https`, or `http` to a loopback address (an IP literal in
/// 127.0.0.0/8, `::1`, or `localhost`), never user information.
enum SecretSafeURL {
    static func allows(_ components: URLComponents) -> Bool {
        guard let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil
        else { return false }
        return scheme == "https" || (scheme == "http" && isLoopback(host))
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.lowercased() == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127"
            && octets.allSatisfy { UInt8($0) != nil && ($0 == "0" || !$0.hasPrefix("0")) }
    }
}
