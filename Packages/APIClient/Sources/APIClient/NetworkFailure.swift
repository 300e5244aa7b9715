/// Why no complete response arrived from the server, in terms a person can act on. The transport's own error types
/// stay below this line: a front shows these cases, never the networking library's text.
public enum NetworkFailure: Error, Sendable, Equatable {
    /// Nothing listens on the server's port.
    case connectionRefused
    /// The server's name does not resolve.
    case hostNotFound
    /// Connecting, or the whole request with its body, took longer than allowed.
    case timedOut(after: Duration?)
    /// The connection closed before the response was complete.
    case connectionLost
    /// The TLS handshake failed (certificate, protocol).
    case secureConnectionFailed
    /// The server answered with bytes that are not an HTTP response: a status outside 100–999, a malformed header,
    /// conflicting lengths.
    case invalidHTTP
    /// The proxy (`HTTPS_PROXY`) asked for credentials it was not given, or refused them (HTTP 407).
    case proxyAuthenticationRequired
    /// The proxy would not open a tunnel to the server (any other answer to `CONNECT`): the server was not reached.
    case proxyRefused
    /// Any other transport failure.
    case other

    /// Whether the request may have reached the server although no answer arrived: a connection that closed or a
    /// deadline that passed after sending. A refused connection, an unknown host or a failed handshake sent nothing.
    public var mayHaveReachedServer: Bool {
        switch self {
        case .connectionRefused, .hostNotFound, .secureConnectionFailed, .proxyAuthenticationRequired, .proxyRefused:
            false
        case .timedOut, .connectionLost, .invalidHTTP, .other: true
        }
    }
}
