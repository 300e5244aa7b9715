import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server a credential belongs to: scheme, host, port and base path.
///
/// Two base URLs are the same origin only if all four match, so a staging session is never sent to production, and a
/// session for `http://127.0.0.1:8080/v1` is never sent to port 8081.
public struct ServerOrigin: Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int
    public let basePath: String
    /// The base URL this origin stands for (the default port is left out).
    public let url: URL

    public init(_ url: URL) throws(ServerOriginError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme)
        else { throw .unsupportedScheme(url.absoluteString) }
        guard let host = components.host?.lowercased(), !host.isEmpty else { throw .missingHost(url.absoluteString) }
        guard components.user == nil, components.password == nil else { throw .embeddedCredentials }
        self.scheme = scheme
        self.host = host
        self.port = components.port ?? (scheme == "https" ? 443 : 80)
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        self.basePath = path
        var base = URLComponents()
        base.scheme = scheme
        base.host = host
        base.port = port == (scheme == "https" ? 443 : 80) ? nil : port
        base.path = path
        // Built once here, so that every origin that exists has a URL and no caller needs a fallback.
        guard let baseURL = base.url else { throw .unrepresentable(url.absoluteString) }
        self.url = baseURL
    }

    /// A stable key for storage: `https://api.stories.example:443/v1`.
    public var key: String { "\(scheme)://\(hostForURL):\(port)\(basePath)" }

    public var description: String { key }

    /// Whether a password or a token may travel to this origin: over TLS, or in plain HTTP only to this machine.
    public var allowsCredentials: Bool {
        scheme == "https" || Self.isLoopbackLiteral(host)
    }

    /// Whether `host` names this machine without asking a resolver: the name `localhost`, an IPv4 literal in
    /// 127.0.0.0/8 written in canonical dotted decimal, or an IPv6 literal equal to `::1`.
    ///
    /// Deliberately strict. A name that merely starts with "127." (`127.0.0.1.example.test`) is resolved by DNS and
    /// can point anywhere; `localhost.` with a trailing dot is a DNS name too; decimal, octal or hex IPv4
    /// (`2130706433`, `0177.0.0.1`), short forms (`127.1`), `0.0.0.0` and IPv4-mapped IPv6 (`::ffff:127.0.0.1`) are
    /// read differently by different resolvers and libraries. Refusing them costs nothing: the canonical spelling
    /// always works.
    static func isLoopbackLiteral(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" { return true }
        if let octets = canonicalIPv4(host) { return octets[0] == 127 }
        var literal = host
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        // inet_pton accepts exactly the RFC 4291 text forms and nothing resolver-dependent (no zone ids).
        var address = in6_addr()
        guard literal.contains(":"), inet_pton(AF_INET6, literal, &address) == 1 else { return false }
        return withUnsafeBytes(of: &address) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
    }

    /// The four octets of `host` if it is dotted decimal with no leading zeros, each at most 255.
    static func canonicalIPv4(_ host: String) -> [Int]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [Int] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                part == "0" || !part.hasPrefix("0"), let value = Int(part), value <= 255
            else { return nil }
            octets.append(value)
        }
        return octets
    }

    private var hostForURL: String { host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host }
}

/// Why a URL cannot name a server origin.
public enum ServerOriginError: Error, Equatable, Sendable {
    /// The scheme is neither `http` nor `https`; carries the URL.
    case unsupportedScheme(String)
    /// The URL has no host; carries the URL.
    case missingHost(String)
    /// The URL carries a user name or password; a server URL must not carry credentials.
    case embeddedCredentials
    /// Scheme, host, port and base path do not make a URL again (a host Foundation cannot write back); carries the
    /// URL.
    case unrepresentable(String)
}
