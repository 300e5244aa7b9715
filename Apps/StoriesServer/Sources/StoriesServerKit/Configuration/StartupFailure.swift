/// Why the server did not start. The executable words each case in one line and picks its exit code.
public enum StartupFailure: Error, Sendable {
    /// The introspection client's secret file cannot be used.
    case secretFile(path: String, SecretFileProblem)
    /// No metadata of the external authorization server could be fetched from any location (RFC 8414 §3.1, then
    /// OpenID Connect discovery): each location's failure, in the order tried.
    case authorizationServerUnreachable(issuer: String, attempts: [DiscoveryAttempt])
    /// The external authorization server answered, but with no document this server can use: none whose `issuer` is
    /// the configured one (RFC 8414 §3.3), or none that names an introspection endpoint it may send a secret to.
    case authorizationServerUnusable(issuer: String, attempts: [DiscoveryAttempt])
}

/// What one metadata location answered.
public struct DiscoveryAttempt: Sendable, Equatable {
    public enum Outcome: Error, Sendable, Equatable {
        /// No connection, or no complete answer in time.
        case unreachable
        case status(Int)
        /// Not a JSON object with an `issuer`, or larger than allowed.
        case unreadable
        /// A document for another issuer (RFC 8414 §3.3): the value it names, untrusted.
        case issuerMismatch(String)
        case noIntrospectionEndpoint
        /// An introspection endpoint neither `https` nor `http` to a loopback address: the secret would travel in
        /// the clear.
        case insecureIntrospectionEndpoint
    }

    public var url: String
    public var outcome: Outcome
}
