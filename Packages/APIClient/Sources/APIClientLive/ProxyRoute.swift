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
        for rawEntry in noProxy.split(separator: ",") {
            var entry = rawEntry.trimmingCharacters(in: .whitespaces).lowercased()
            if entry == "*" { return true }
            guard !entry.isEmpty else { continue }
            if let colon = entry.lastIndex(of: ":"), !entry.hasSuffix("]"), entry.filter({ $0 == ":" }).count == 1 {
                guard Int(entry[entry.index(after: colon)...]) == port else { continue }
                entry = String(entry[..<colon])
            }
            entry = entry.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            if entry.hasPrefix("*.") { entry.removeFirst() }
            if host == entry || (entry.hasPrefix(".") && host.hasSuffix(entry))
                || (!entry.hasPrefix(".") && host.hasSuffix("." + entry))
            {
                return true
            }
        }
        return false
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
