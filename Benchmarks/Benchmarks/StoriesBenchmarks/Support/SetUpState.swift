import Synchronization

/// What a benchmark's `setup` builds and its iterations use. The runner registers every benchmark before it knows
/// which ones will run, so files and coordinators are made in `setup`, only for a benchmark that runs.
final class SetUpState<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    func set(_ value: Value?) {
        storage.withLock { $0 = value }
    }

    /// The value `setup` stored; throws if it did not run, rather than measuring nothing.
    func get() throws -> Value {
        guard let value = storage.withLock({ $0 }) else { throw BenchmarkFailure("setup did not run") }
        return value
    }
}

/// A benchmark that could not measure what it claims (a refresh too many, a failed call).
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
