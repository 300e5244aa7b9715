/// Holds off the process's termination requests while tokens the server has issued are not yet stored.
///
/// Between the moment a refresh request is sent and the moment its answer is durable, the server has already spent
/// the old refresh token: a process that ends in that window loses the session. Likewise a sign-in's tokens, once
/// received, are live at the server: a process that ends before storing them leaves a session nobody can use or end.
/// A front that can end on request (Ctrl-C, `kill`) implements this to postpone such requests until `body` returns;
/// the token request deadlines bound how long that is.
public protocol InterruptionDeferral: Sendable {
    /// Runs `body`; a termination request that arrives meanwhile takes effect when `body` returns.
    func deferringInterruptions<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T
}

/// For processes that are not ended on request (tests, previews, an app whose system ends it without asking).
public struct NoInterruptionDeferral: InterruptionDeferral {
    public init() {}

    public func deferringInterruptions<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await body()
    }
}
