/// When a command's HTTP client and its event-loop thread are created.
public enum HTTPClientStart: Sendable {
    /// By the first request: a command that may answer from the credentials file alone (`token` with a fresh
    /// token, `logout` with nothing stored) never pays for a client.
    case onFirstRequest
    /// At once, on another thread, while the credentials file opens: for a command that sends a request whatever
    /// happens, so the client's set-up is not on the way to its first byte.
    case atOnce
}
