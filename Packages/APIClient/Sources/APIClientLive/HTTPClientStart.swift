/// When a `LazyHTTPClientTransport` creates its HTTP client and event-loop thread.
public enum HTTPClientStart: Sendable {
    /// By the first request: a command that may well answer from the credentials file alone (`token` with a fresh
    /// token, `logout` with nothing stored, `switch`) never pays for a client.
    case onFirstRequest
    /// At once, on another thread, while the credentials file opens: for a command whose work is a request to the
    /// server (`list`, `show`, `whoami`, `register`), so the client's set-up is not on the way to its first byte. When
    /// such a command ends before sending (no session), the client was made for nothing.
    case atOnce
}
