import Authorization
import Synchronization

/// What the session's collaborators did, in order: lock taken and released, interruptions deferred and resumed,
/// token requests and revocations. Lets a test check that an operation happened inside the lock or the deferral.
final class Journal: Sendable {
    private let entries = Mutex([String]())

    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var recorded: [String] { entries.withLock { $0 } }
}

/// A lock that journals when it is taken and released, around a real lock.
struct JournalingLock: CrossProcessLock {
    let inner: any CrossProcessLock
    let journal: Journal

    func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await inner.withLock {
            journal.record("locked")
            defer { journal.record("unlocked") }
            return try await body()
        }
    }
}

/// An interruption deferral that journals its sections.
struct JournalingDeferral: InterruptionDeferral {
    let journal: Journal

    func deferringInterruptions<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        journal.record("deferring")
        defer { journal.record("resumed") }
        return try await body()
    }
}
