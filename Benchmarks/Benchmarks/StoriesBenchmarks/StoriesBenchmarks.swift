import Benchmark
import Foundation

/// The in-process suite. Every benchmark times a subject and its anchor — the same work without the part under test,
/// or the floor it cannot beat — one of each per iteration, so that `Scripts/benchmarks` can report their ratio.
let benchmarks: @Sendable () -> Void = {
    registerClientCallBenchmarks()
    registerDPoPCallBenchmarks()
    registerDPoPProofBenchmarks()
    registerPageDecodingBenchmarks()
    registerFanOutBenchmarks()
    registerCredentialsStoreBenchmarks()
    registerAllocationBenchmarks()
}

/// How long each benchmark may run. `STORIES_BENCHMARK_SMOKE=1` (what `Scripts/benchmarks --smoke` sets) cuts every
/// benchmark to a couple of iterations: enough to prove the code still runs and still measures what it claims, far
/// too few to be a measurement.
enum RunLength {
    static let isSmoke = ProcessInfo.processInfo.environment["STORIES_BENCHMARK_SMOKE"] == "1"

    /// The configuration of a benchmark that runs for `duration` (at most `iterations` iterations) in a full run and
    /// records `Interleaved`'s two metrics. Wall clock and throughput cover subject and anchor together; they are
    /// kept because the library's exports need them.
    static func configuration(duration: Duration, iterations: Int) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .throughput, Interleaved.subject, Interleaved.anchor],
            warmupIterations: isSmoke ? 0 : 2,
            maxDuration: isSmoke ? .milliseconds(200) : duration,
            maxIterations: isSmoke ? 2 : iterations
        )
    }
}

/// A subject and its anchor timed alternately, one of each per iteration, each into a metric of its own.
///
/// Run one after the other, two benchmarks of a few seconds each see different machines: another process's build or
/// disk flush starts or stops in between, and their ratio drifts by more than the effects measured here. Interleaved,
/// both see the same conditions, and the order alternates so that neither always runs on a warmer cache.
enum Interleaved {
    /// Nanoseconds per iteration of the subject.
    static let subject = BenchmarkMetric.custom("subject (ns)")
    /// Nanoseconds per iteration of the anchor.
    static let anchor = BenchmarkMetric.custom("anchor (ns)")

    static func measure(
        _ benchmark: Benchmark,
        anchor runAnchor: () async throws -> Void,
        subject runSubject: () async throws -> Void
    ) async throws {
        let clock = ContinuousClock()
        var anchorTime = Duration.zero
        var subjectTime = Duration.zero
        if benchmark.currentIteration.isMultiple(of: 2) {
            anchorTime = try await clock.measure(runAnchor)
            subjectTime = try await clock.measure(runSubject)
        } else {
            subjectTime = try await clock.measure(runSubject)
            anchorTime = try await clock.measure(runAnchor)
        }
        benchmark.measurement(subject, nanoseconds(subjectTime))
        benchmark.measurement(anchor, nanoseconds(anchorTime))
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
