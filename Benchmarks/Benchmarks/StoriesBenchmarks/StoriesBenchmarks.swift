import Benchmark
import Foundation

/// The in-process suite. Each measured subject runs right after its anchor — the same work without the part under
/// test, or the floor it cannot beat — so that `Scripts/benchmarks` can report ratios, which survive a noisy machine
/// far better than absolute times.
let benchmarks: @Sendable () -> Void = {
    registerClientCallBenchmarks()
    registerPageDecodingBenchmarks()
    registerFanOutBenchmarks()
    registerCredentialsStoreBenchmarks()
}

/// How long each benchmark may run. `STORIES_BENCHMARK_SMOKE=1` (what `Scripts/benchmarks --smoke` sets) cuts every
/// benchmark to a couple of iterations: enough to prove the code still runs and still measures what it claims, far
/// too few to be a measurement.
enum RunLength {
    static let isSmoke = ProcessInfo.processInfo.environment["STORIES_BENCHMARK_SMOKE"] == "1"

    /// A configuration with `metrics`, running for `duration` (at most `iterations` iterations) in a full run.
    static func configuration(
        metrics: [BenchmarkMetric] = [.wallClock, .throughput],
        scalingFactor: BenchmarkScalingFactor = .one,
        duration: Duration,
        iterations: Int
    ) -> Benchmark.Configuration {
        .init(
            metrics: metrics,
            warmupIterations: isSmoke ? 0 : 3,
            scalingFactor: scalingFactor,
            maxDuration: isSmoke ? .milliseconds(200) : duration,
            maxIterations: isSmoke ? 2 : iterations
        )
    }
}
