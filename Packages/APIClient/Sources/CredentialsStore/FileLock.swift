import Authorization
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `flock(2)` on a dedicated lock file next to the credentials database.
///
/// Why `flock` and not a `BEGIN IMMEDIATE` transaction held across the refresh:
/// - the kernel releases it when the holder dies, even by `kill -9`, so no stale lock survives a crash;
/// - it does not hold SQLite's write lock during a network round trip, so other sessions (another server) and readers
///   are never blocked behind a slow token endpoint, and no busy timeout has to outlast the HTTP timeout;
/// - it lives in its own file: closing any descriptor of the database file would drop the process's POSIX locks on
///   it, which SQLite relies on, while a separate file has no such interaction.
///
/// Waiting polls with a non-blocking `flock` every few milliseconds (like SQLite's own busy handler), so a waiter
/// never parks a cooperative thread in a blocking system call and notices a released lock within one interval.
public struct FileLock: CrossProcessLock {
    public let path: String
    private let timeout: Duration
    private let pollInterval: Duration

    public init(path: String, timeout: Duration = .seconds(45), pollInterval: Duration = .milliseconds(10)) {
        self.path = path
        self.timeout = timeout
        self.pollInterval = pollInterval
    }

    public func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        let descriptor = try openLockFile()
        defer { close(descriptor) }  // closing the descriptor releases the lock
        try await acquire(descriptor)
        defer { flock(descriptor, LOCK_UN) }
        return try await body()
    }

    private func openLockFile() throws -> Int32 {
        // The lock is taken before the first sign-in's write creates the credentials file's directory.
        try SecureLocation.prepareDirectory(of: path)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw CredentialsStoreError.fileSystemError(path: path, errorNumber: errno)
        }
        return descriptor
    }

    private func acquire(_ descriptor: Int32) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw CredentialsStoreError.fileSystemError(path: path, errorNumber: errno)
            }
            guard clock.now < deadline else { throw CredentialsStoreError.lockTimedOut(path: path) }
            try await Task.sleep(for: pollInterval)
        }
    }
}
