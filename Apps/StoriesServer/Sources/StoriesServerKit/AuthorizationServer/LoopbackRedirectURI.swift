import Foundation

/// A redirect URI the server sends authorization responses to: `http` to a loopback IP literal, on any port
/// (RFC 8252 §7.3), with no fragment (RFC 6749 §3.1.2) and no user information. `localhost` is refused as RFC 8252
/// §8.3 advises: a name can resolve off the machine, an IP literal cannot.
///
/// No client registers its URIs, so this shape is the whole check: the code can only reach a process on the machine
/// the browser runs on, and PKCE makes it useless to any process other than the one that started the flow.
struct LoopbackRedirectURI: Sendable, Equatable {
    /// Exactly as the client sent it: the token request must repeat it character for character (RFC 6749 §4.1.3).
    let text: String

    static let maximumLength = 2048

    init?(_ text: String) {
        guard text.utf8.count <= Self.maximumLength, let components = URLComponents(string: text),
            components.scheme == "http", let host = components.host,
            ["127.0.0.1", "::1", "[::1]"].contains(host),
            components.user == nil, components.password == nil, components.fragment == nil, !text.contains("#")
        else { return nil }
        self.text = text
    }

    /// The URI with `parameters` added to its query (RFC 6749 §4.1.2: the existing query is kept).
    func adding(_ parameters: [(String, String)]) -> String {
        let separator = text.contains("?") ? (text.hasSuffix("?") || text.hasSuffix("&") ? "" : "&") : "?"
        return text + separator + FormURLEncoding.query(parameters)
    }

    /// What the consent page names as the destination: host and port only.
    var destination: String {
        guard let components = URLComponents(string: text), let host = components.host else { return text }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return components.port.map { "\(bracketed):\($0)" } ?? bracketed
    }
}
