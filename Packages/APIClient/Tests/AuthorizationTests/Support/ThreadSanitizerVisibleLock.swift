import Foundation

/// A value behind an `NSLock`, for test state that several threads touch while ThreadSanitizer watches. On Linux
/// ThreadSanitizer does not see `Mutex`'s futex as synchronisation and reports accesses under it as races (it did, for
/// `ScriptedTokenEndpoint`'s request count, in one CI run); it does see the pthread mutex under `NSLock`.
final class ThreadSanitizerVisibleLock<Value: Sendable>: @unchecked Sendable {
    // Safe to share: `value` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
