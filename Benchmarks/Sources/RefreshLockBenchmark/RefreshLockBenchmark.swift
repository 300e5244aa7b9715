import Authorization
import CredentialsStore
import Foundation
import GRDB
import Subprocess

/// Measures the two cross-process refresh locks considered for the refresh protocol, on this machine:
///
/// 1. the cost of an uncontended lock/unlock;
/// 2. how soon a waiter gets the lock after another process releases it (hand-off latency);
/// 3. how long an unrelated write to the credentials database (say, a sign-in to another server) waits while a
///    refresh holds the lock across a simulated 300 ms token request.
///
/// Run from `Benchmarks/`: `swift run -c release refresh-lock-benchmark`. Numbers are wall-clock medians; rerun to
/// compare.
@main
enum RefreshLockBenchmark {
    static let holdMilliseconds = 300

    static func main() async throws {
        let arguments = CommandLine.arguments
        if arguments.count == 4, arguments[1] == "--hold" {
            try await hold(mechanism: arguments[2], path: arguments[3])
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lock-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("credentials.sqlite").path
        _ = try SQLiteCredentialsStore(path: database)

        print("mechanism        uncontended lock+unlock   hand-off after release   unrelated write waits")
        for mechanism in ["flock", "begin-immediate"] {
            let uncontended = try await uncontendedCost(mechanism: mechanism, database: database)
            var handoffs: [Double] = []
            var blocked: [Double] = []
            for _ in 0..<7 {
                let (handoff, write) = try await contended(mechanism: mechanism, database: database)
                handoffs.append(handoff)
                blocked.append(write)
            }
            print(
                mechanism.padding(toLength: 17, withPad: " ", startingAt: 0)
                    + String(format: "%9.1f µs", uncontended).padding(toLength: 26, withPad: " ", startingAt: 0)
                    + String(format: "%9.1f ms", median(handoffs)).padding(toLength: 25, withPad: " ", startingAt: 0)
                    + String(format: "%9.1f ms", median(blocked))
            )
        }
    }

    /// Median microseconds per uncontended lock/unlock.
    static func uncontendedCost(mechanism: String, database: String) async throws -> Double {
        let iterations = 2_000
        let clock = ContinuousClock()
        let queue = try openQueue(database)
        let lock = FileLock(path: database + ".lock")
        let elapsed = try await clock.measure {
            for _ in 0..<iterations {
                if mechanism == "flock" {
                    try await lock.withLock {}
                } else {
                    try await queue.write { _ in }
                }
            }
        }
        return milliseconds(elapsed) * 1_000 / Double(iterations)
    }

    /// Starts a child that takes the lock and holds it for `holdMilliseconds`; meanwhile this process (a) waits for
    /// the same lock and (b) writes an unrelated row. Returns (hand-off latency, unrelated-write wait) in ms.
    static func contended(mechanism: String, database: String) async throws -> (Double, Double) {
        let holder = try await Subprocess.run(
            .path(.init(CommandLine.arguments[0])), arguments: ["--hold", mechanism, database], input: .none,
            output: .sequence, error: .currentStandardError
        ) { child -> (Double, Double) in
            var lines = child.standardOutput.strings().makeAsyncIterator()
            let line = try await lines.next() ?? ""
            guard line.hasPrefix("held") else { throw BenchmarkError.childFailed(line) }
            let clock = ContinuousClock()
            let queue = try openQueue(database)

            async let unrelatedWrite: Duration = clock.measure {
                try await queue.write { db in try db.execute(sql: "UPDATE credential SET generation = generation") }
            }
            let waitStart = clock.now
            if mechanism == "flock" {
                try await FileLock(path: database + ".lock").withLock {}
            } else {
                try await queue.write { _ in }
            }
            let waited = clock.now - waitStart
            let write = try await unrelatedWrite
            return (max(0, milliseconds(waited) - Double(holdMilliseconds)), milliseconds(write))
        }
        guard holder.terminationStatus.isSuccess else {
            throw BenchmarkError.childFailed("\(holder.terminationStatus)")
        }
        return holder.closureResult
    }

    /// Child: take the lock, say so, hold it as a refresh would hold it across the token request, release.
    static func hold(mechanism: String, path: String) async throws {
        if mechanism == "flock" {
            try await FileLock(path: path + ".lock").withLock {
                FileHandle.standardOutput.write(Data("held\n".utf8))
                try await Task.sleep(for: .milliseconds(holdMilliseconds))
            }
        } else {
            try openQueue(path).inDatabase { db in
                try db.inTransaction(.immediate) {
                    FileHandle.standardOutput.write(Data("held\n".utf8))
                    Thread.sleep(forTimeInterval: Double(holdMilliseconds) / 1_000)
                    return .commit
                }
            }
        }
    }

    static func openQueue(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    enum BenchmarkError: Error {
        case childFailed(String)
    }
}
