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
        let child = try await StartedProcess.start(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "printf ready >&2; exec sleep 60"])
        #expect(await child.standardError.waitFor("ready"))
        #expect(child.standardError.text == "ready")
        child.send(SIGKILL)
        #expect(try await child.termination() == .signaled(SIGKILL))
    }

    @Test("A marker a child prints just before it ends is found, by each of two hundred children")
    func markerJustBeforeTheEnd() async throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let found = try await Self.runSideBySide(count: 200) { _ in
            let child = try await StartedProcess.start(shell, ["-c", "printf 'stored, ending' >&2"])
            return await child.waitForError("stored, ending")
        }
        let misses = found.filter { !$0 }.count
        #expect(misses == 0)
    }

    @Test("A marker that never comes is answered once the output ends, not waited for forever")
    func markerNeverPrinted() async throws {
        let child = try await StartedProcess.start(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf other >&2"])
        #expect(await child.standardError.waitFor("ready") == false)
        #expect(try await child.termination() == .exited(0))
    }

    /// A child that blocks or ignores a signal because the test process happens to (libdispatch blocks every
    /// asynchronous signal in the threads it starts, among them the one swift-subprocess spawns from; stories-cli
    /// ignores SIGPIPE) would not behave as it does when a shell starts it.
    @Test(
        "A child starts as from a shell: each of these signals ends it by its default action",
        arguments: [SIGTERM, SIGINT, SIGHUP, SIGPIPE])
    func signalEndsAChild(signal: Int32) async throws {
        // Ignoring SIGPIPE here is harmless (every write of the tests handles EPIPE), as stories-cli does.
        Glibc.signal(SIGPIPE, SIG_IGN)
        let child = try await StartedProcess.start(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "printf ready >&2; exec sleep 60"])
        #expect(await child.standardError.waitFor("ready"))
        child.send(signal)
        #expect(try await child.termination() == .signaled(signal))
    }

    @Test("A child starts as from a shell: no signal blocked, none ignored, in a process group of its own")
    func signalStateOfAChild() async throws {
        Glibc.signal(SIGPIPE, SIG_IGN)
        // grep reports the state it was started with: no shell in between that could change it.
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/grep"), ["-E", "^(Pid|NSpgid|SigBlk|SigIgn):", "/proc/self/status"])
        let fields = Dictionary(
            uniqueKeysWithValues: result.standardOutput.split(separator: "\n").map { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return (String(parts[0]), parts.last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
            })
        // Bit n - 1 stands for signal n. Only signals 1 to 31 are checked: glibc keeps 32 and 33 to itself.
        let standardSignals: UInt64 = 0x7fff_ffff
        let blocked = try #require(fields["SigBlk"].flatMap { UInt64($0, radix: 16) }, "\(fields)")
        let ignored = try #require(fields["SigIgn"].flatMap { UInt64($0, radix: 16) }, "\(fields)")
        #expect(blocked & standardSignals == 0)
        #expect(ignored & standardSignals == 0)
        // Its own process group: the group's number is its own process identifier, not the test process's group.
        #expect(fields["NSpgid"] != nil && fields["NSpgid"] == fields["Pid"], "\(fields)")
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
