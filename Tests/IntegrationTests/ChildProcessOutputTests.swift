import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The harness every process test stands on: `ChildProcess` and `StartedProcess` collect a child's output while it
/// runs. Collecting through Foundation's `FileHandle.readabilityHandler` crashed the test process in libdispatch's
/// event loop (`_dispatch_event_loop_drain`) once pipes opened and closed quickly side by side, which ended a CI run;
/// these tests hold the harness to many short children at once.
@Suite("Output of child processes", .timeLimit(.minutes(2)))
struct ChildProcessOutputTests {
    /// Enough children that the old collector crashed in every one of six runs of this workload.
    static let childCount = 3_000
    static let childrenAtOnce = 12

    @Test("Three thousand short-lived children run twelve at a time each have their whole output collected")
    func manyChildrenSideBySide() async throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let script = #"printf 'out %s' "$1"; printf 'err %s' "$1" >&2"#
        let mismatches = try await Self.runSideBySide(count: Self.childCount) { index -> String? in
            let result = try await ChildProcess.run(shell, ["-c", script, "sh", "\(index)"])
            guard result.status == 0, result.standardOutput == "out \(index)", result.standardError == "err \(index)"
            else {
                return "child \(index): \(result.status) \(result.standardOutput) \(result.standardError)"
            }
            return nil
        }.compactMap { $0 }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Runs `body` for each index below `count`, `childrenAtOnce` at a time, and returns the results in no order.
    static func runSideBySide<Result: Sendable>(
        count: Int, _ body: @escaping @Sendable (Int) async throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: Result.self) { group in
            var results: [Result] = []
            for index in 0..<count {
                if index >= childrenAtOnce, let result = try await group.next() { results.append(result) }
                group.addTask { try await body(index) }
            }
            for try await result in group { results.append(result) }
            return results
        }
    }

    @Test("A marker in standard error wakes its waiter while the child still runs")
    func markerWhileRunning() async throws {
        // The child prints the marker and sleeps: the waiter can only have been woken by output read while it ran.
        let child = try StartedProcess.start(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "printf ready >&2; exec sleep 60"])
        #expect(await child.standardError.waitFor("ready"))
        #expect(child.standardError.text == "ready")
        child.send(SIGKILL)
        #expect(await child.termination() == .signalled(SIGKILL))
    }

    @Test("A marker a child prints just before it ends is found, by each of two hundred children")
    func markerJustBeforeTheEnd() async throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let found = try await Self.runSideBySide(count: 200) { _ in
            let child = try StartedProcess.start(shell, ["-c", "printf 'stored, ending' >&2"])
            return await child.waitForError("stored, ending")
        }
        let misses = found.filter { !$0 }.count
        #expect(misses == 0)
    }

    @Test("A marker that never comes is answered once the output ends, not waited for forever")
    func markerNeverPrinted() async throws {
        let child = try StartedProcess.start(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf other >&2"])
        #expect(await child.standardError.waitFor("ready") == false)
        #expect(await child.termination() == .exited(0))
    }

    /// A child that blocks or ignores a signal because the test process happens to (test frameworks and libdispatch
    /// block signals in their threads; stories-cli ignores SIGPIPE) would not behave as it does when a shell starts it.
    @Test(
        "A child starts as from a shell: no signal blocked, none ignored",
        arguments: [SIGTERM, SIGINT, SIGHUP, SIGPIPE])
    func signalStateOfAChild(signal: Int32) async throws {
        // Ignoring SIGPIPE here is harmless (every write of the tests handles EPIPE), as stories-cli does.
        Glibc.signal(SIGPIPE, SIG_IGN)
        let child = try await Self.startFromThread(blocking: signal) {
            try StartedProcess.start(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf ready >&2; exec sleep 60"])
        }
        #expect(await child.standardError.waitFor("ready"))
        child.send(signal)
        #expect(await child.termination() == .signalled(signal))
    }

    /// Runs `start` on a thread of its own that blocks `signal`.
    static func startFromThread(
        blocking signal: Int32, _ start: @escaping @Sendable () throws -> StartedProcess
    ) async throws -> StartedProcess {
        let (outcomes, outcome) = AsyncStream.makeStream(of: Result<StartedProcess, any Error>.self)
        Thread {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, signal)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            outcome.yield(Result(catching: start))
            outcome.finish()
        }.start()
        for await started in outcomes { return try started.get() }
        throw CancellationError()
    }

    @Test("A child holds no descriptor of the test process beyond its standard input, output and error")
    func onlyThreeDescriptors() async throws {
        // An open descriptor of the test process, such as another child's pipe, would otherwise be inherited.
        let unrelated = Pipe()
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/ls"), ["/proc/self/fd"])
        _ = unrelated
        // ls itself opens /proc/self/fd as 3 while it lists it.
        #expect(result.standardOutput.split(separator: "\n") == ["0", "1", "2", "3"], "\(result.standardOutput)")
    }
}
