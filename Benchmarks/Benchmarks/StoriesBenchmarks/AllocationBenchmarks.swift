import APIClient
import APIClientTestSupport
import Benchmark
import Foundation
import OpenAPIRuntime
import RFC3339

/// How many allocations the hot paths make, which CI checks against the committed thresholds in
/// `Benchmarks/Thresholds/` (`Scripts/benchmarks --check-allocations`; `--update-allocations` writes them anew).
///
/// Times on this shared machine drift by tens of percent; allocation counts do not: the same code makes the same
/// allocations whatever else runs. So these benchmarks count (`mallocCountTotal`: the allocations of the whole
/// process during an iteration) and never time, and a change that makes a path allocate more fails
/// CI. Each iteration repeats its path, so that one allocation more per call moves the count by far more than the
/// tolerance allows, while the rare allocation of a runtime cache does not.
///
/// Their names have no spaces: ordo-one/benchmark 1.38 writes a threshold file with the spaces of a name replaced by
/// underscores, but looks for it under the name as it is, so a name with spaces never finds its thresholds.
///
/// - `allocations.middleware-fresh-token-100-calls`: 100 `listStories` calls through `AuthorizationMiddleware` with a
///   fresh token in the coordinator's cache (a one-story page).
/// - `allocations.decode-20-story-page-100-times`: 100 calls answered with a 20-story page, no middleware.
/// - `allocations.refresh-fan-out-1000-callers-warm`: 1,000 concurrent callers and one refresh over the in-memory
///   store.
func registerAllocationBenchmarks() {
    let calls = 100
    let authorized = Shared<Client>()
    Benchmark(
        "allocations.middleware-fresh-token-100-calls",
        configuration: AllocationCount.configuration(tolerance: 2)
    ) { _ in
        let client = try authorized.get()
        for _ in 0..<calls { try await listStories(client, expecting: 1) }
    } setup: {
        authorized.set(try await makeAuthorizedClient(answering: StoryPageJSON.bytes(of: .fixture())))
    } teardown: {
        authorized.set(nil)
    }

    let twentyStories = Client(
        serverURL: serverURL, configuration: Configuration(dateTranscoder: RFC3339DateTranscoder()),
        transport: CannedTransport(json: twentyStoryPage()))
    Benchmark(
        "allocations.decode-20-story-page-100-times",
        configuration: AllocationCount.configuration(tolerance: 2)
    ) { _ in
        for _ in 0..<calls { try await listStories(twentyStories, expecting: 20) }
    }

    let fixture = Shared<FanOutFixture>()
    Benchmark(
        "allocations.refresh-fan-out-1000-callers-warm",
        // Which callers find the refresh still in flight and which the new token varies from run to run, but their
        // allocations hardly do: 7,129 to 7,133 in ten iterations.
        configuration: AllocationCount.configuration(tolerance: 2)
    ) { _ in
        let fixture = try fixture.get()
        let coordinator = try fixture.prepareIteration()
        try await fanOut(callers: 1_000, to: coordinator)
        try fixture.checkOneRefreshPerIteration()
    } setup: {
        fixture.set(try await FanOutFixture(storage: .inMemory, warmth: .warm, roundTrip: .milliseconds(50)))
    } teardown: {
        try fixture.get().remove()
        fixture.set(nil)
    }
}

/// The configuration of a benchmark that counts allocations.
enum AllocationCount {
    /// A full run and a smoke run are the same: a few iterations give the count, whose p90 is what the thresholds
    /// check compares, `tolerance` percent either way.
    static func configuration(tolerance: Double) -> Benchmark.Configuration {
        .init(
            metrics: [.mallocCountTotal],
            warmupIterations: 2,
            maxDuration: .seconds(20),
            maxIterations: 10,
            thresholds: [.mallocCountTotal: .init(relative: [.p90: tolerance])]
        )
    }
}
