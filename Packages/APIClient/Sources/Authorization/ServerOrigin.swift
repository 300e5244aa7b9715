import Foundation

/// The server a credential belongs to: scheme, host, port and base path (requirement F1).
///
/// Two base URLs are the same origin only if all four match, so a staging session is never sent to production, and a
/// session for `http://127.0.0.1:8080/v1` is never sent to port 8081.
public struct ServerOrigin: Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int
    public let basePath: String

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
    }

    /// A stable key for storage: `https://api.stories.example:443/v1`.
    public var key: String { "\(scheme)://\(hostForURL):\(port)\(basePath)" }

    public var description: String { key }

    /// The base URL this origin stands for (the default port is left out).
    public var url: URL? {
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = port == (scheme == "https" ? 443 : 80) ? nil : port
        components.path = basePath
        return components.url
    }

    /// Whether tokens may travel to this origin: TLS, or plain HTTP to loopback only (requirement A5).
    public var allowsCredentials: Bool {
        scheme == "https" || isLoopback
    }

    var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    private var hostForURL: String { host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host }
}

public enum ServerOriginError: Error, Equatable, Sendable {
    case unsupportedScheme(String)
    case missingHost(String)
    case embeddedCredentials
}
