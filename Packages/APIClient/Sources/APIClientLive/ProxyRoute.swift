import Foundation

/// How requests reach the server: directly, or through the proxy the standard environment variables name.
///
/// Only https servers are proxied: an https request goes through the proxy as a `CONNECT` tunnel, so the proxy
/// carries TLS bytes it cannot read. Plain http is only ever used for this machine (the transport rule), and is
/// never proxied: a proxy would see the password and the tokens. Variables, as curl and Go read them:
/// `HTTPS_PROXY`/`https_proxy`, then `ALL_PROXY`/`all_proxy`; `NO_PROXY`/`no_proxy` lists hosts that bypass the
/// proxy (`*`, a host, a domain suffix like `.example.com`, or an IP, optionally with `:port`).
public enum ProxyRoute: Sendable, Equatable {
    case direct
    /// An HTTP proxy, used with `CONNECT`.
    case http(host: String, port: Int, credentials: ProxyCredentials?)
    /// A SOCKS5 proxy (`socks5://` or `socks5h://`).
    case socks(host: String, port: Int)

    /// The route to `server` that `environment` asks for.
    public static func resolve(
        for server: URL, environment: [String: String]
    ) throws(ProxyConfigurationError) -> ProxyRoute {
        guard server.scheme?.lowercased() == "https", let host = server.host?.lowercased() else { return .direct }
        let port = server.port ?? 443
        if let noProxy = value(of: "NO_PROXY", in: environment), bypasses(host: host, port: port, noProxy: noProxy) {
            return .direct
        }
        for name in ["HTTPS_PROXY", "ALL_PROXY"] {
            guard let text = value(of: name, in: environment) else { continue }
            return try parse(text, variable: name)
        }
        return .direct
    }

    /// The variable's value, upper case first, then lower case; empty means unset.
    private static func value(of name: String, in environment: [String: String]) -> String? {
        for key in [name, name.lowercased()] {
            if let value = environment[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return nil
    }

    static func bypasses(host: String, port: Int, noProxy: String) -> Bool {
        let host = normalized(host)
        for rawEntry in noProxy.split(separator: ",") {
            let text = rawEntry.trimmingCharacters(in: .whitespaces).lowercased()
            if text == "*" { return true }
            guard let (pattern, entryPort) = entry(text) else { continue }
            if let entryPort, entryPort != port { continue }
            var name = normalized(pattern)
            if name.hasPrefix("*.") { name.removeFirst() }
            if host == name || (name.hasPrefix(".") && host.hasSuffix(name))
                || (!name.hasPrefix(".") && host.hasSuffix("." + name))
            {
                return true
            }
        }
        return false
    }

    /// A `NO_PROXY` entry as a host pattern and an optional port: `[::1]:8443`, `[::1]`, `::1` (an IPv6 literal
    /// without brackets takes no port), `host:443`, `host`; `nil` for an empty or malformed one.
    private static func entry(_ text: String) -> (pattern: String, port: Int?)? {
        guard !text.isEmpty else { return nil }
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let inside = String(text[text.index(after: text.startIndex)..<close])
            // Brackets hold an IPv6 literal only.
            guard inside.contains(":") else { return nil }
            let rest = text[text.index(after: close)...]
            if rest.isEmpty { return (inside, nil) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()) else { return nil }
            return (inside, port)
        }
        let colons = text.filter { $0 == ":" }.count
        if colons == 1, let colon = text.firstIndex(of: ":") {
            guard let port = Int(text[text.index(after: colon)...]) else { return nil }
            return (String(text[..<colon]), port)
        }
        return (text, nil)
    }

    /// A host as compared: no brackets around an IPv6 literal, no trailing dot on a name (`api.example.com.` is the
    /// same host as `api.example.com`).
    private static func normalized(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix("."), host.count > 1 { host.removeLast() }
        return host
    }

    static func parse(_ text: String, variable: String) throws(ProxyConfigurationError) -> ProxyRoute {
        let withScheme = text.contains("://") ? text : "http://" + text
        guard let components = URLComponents(string: withScheme), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else {
            throw .notAProxyURL(variable: variable)
        }
        switch scheme {
        case "http":
            let credentials = components.user.map {
                ProxyCredentials(
                    username: $0.removingPercentEncoding ?? $0,
                    password: (components.password ?? "").removingPercentEncoding ?? "")
            }
            return .http(host: host, port: components.port ?? 80, credentials: credentials)
        case "socks5", "socks5h":
            return .socks(host: host, port: components.port ?? 1080)
        default:
            throw .unsupportedScheme(variable: variable, scheme: scheme)
        }
    }
}

/// The user and password for a proxy that asks for Basic authentication. Never printed.
public struct ProxyCredentials: Sendable, Equatable, CustomStringConvertible {
    let username: String
    let password: String

    init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    public var description: String { "<redacted>" }
}
