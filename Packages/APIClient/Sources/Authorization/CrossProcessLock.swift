/// A lock shared by every process of the user that uses the same credentials, held across
/// "re-read → refresh → durable write".
public protocol CrossProcessLock: Sendable {
    /// Runs `body` while holding the lock. Waits at most the lock's timeout, then throws
    /// `CredentialsStoreError.lockTimedOut`.
    func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T
}

/// For a single process (tests, previews): the session coordinator's single-flight refresh already serialises
/// refreshes within one process, so there is nothing more to exclude.
public struct NoCrossProcessLock: CrossProcessLock {
    public init() {}

    public func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await body()
    }
}
