import Authorization

/// The server URL would carry credentials without TLS to a host that is not this machine. Raised before any
/// connection is made, for every command that talks to a server: each of them sends a password or a token.
struct InsecureServerURL: Error, Equatable, Sendable {
    /// The origin, as `http://host:port/path`.
    let origin: String
}

extension ResolvedServer {
    /// Throws `InsecureServerURL` unless this server may receive credentials: https, or http to this machine only.
    func requireSecureTransport() throws(InsecureServerURL) {
        guard let origin = try? ServerOrigin(url) else { return }
        guard origin.allowsCredentials else { throw InsecureServerURL(origin: origin.key) }
    }
}
