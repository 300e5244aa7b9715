@testable import Authorization

/// A lock that excludes every coordinator of this process that shares it, and nothing else: what `FileLock` does for
/// several processes, for coordinators over one in-memory store.
struct InProcessLock: CrossProcessLock {
    private let section = SerialSection()

    func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await section.run(body)
    }
}
