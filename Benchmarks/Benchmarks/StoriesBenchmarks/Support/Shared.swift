import Synchronization

/// A value that a benchmark's `setup`, its iterations and its `teardown` share. The runner registers every benchmark
/// before it knows which ones will run, so files and coordinators are made in `setup`, only for a benchmark that runs;
/// the iterations also keep their running state here (the current generation, the iteration count).
final class Shared<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    func set(_ value: Value?) {
        storage.withLock { $0 = value }
    }

    /// The value stored; throws if there is none (`setup` did not run) rather than measuring nothing.
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
