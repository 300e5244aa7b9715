/// Thrown when a server a test starts exits, or never reports where it listens, before it is ready.
public struct ServerDidNotStart: Error {
    public init() {}
}
