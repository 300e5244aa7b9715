/// What one connection, and all the connections of one client, can hold of the server (docs/SERVER.md, Limits).
public struct ConnectionBounds: Sendable, Equatable {
    /// How long a connection may send nothing the server waits for before the server closes it: the rest of a request
    /// head (counted from the connection's start or the previous answer), the next part of a request body, or a new
    /// request on a kept-alive connection. Hummingbird's `HTTP1Channel` idle timeout.
    public var idleTimeout: Duration
    /// How many connections one client (a `ClientAddress`) may have open at once; the server closes one more at once.
    public var connectionsPerClient: Int
    /// How long SIGTERM or SIGINT lets the requests in flight finish before they are cancelled and their connections
    /// closed.
    public var shutdownGracePeriod: Duration

    public init(idleTimeout: Duration, connectionsPerClient: Int, shutdownGracePeriod: Duration) {
        self.idleTimeout = idleTimeout
        self.connectionsPerClient = connectionsPerClient
        self.shutdownGracePeriod = shutdownGracePeriod
    }

    /// The bounds `stories-server` runs with.
    public static let standard = ConnectionBounds(
        idleTimeout: .seconds(30), connectionsPerClient: 64, shutdownGracePeriod: .seconds(5))
}
