import APIClient
import APIClientTestSupport
import Authorization
import Benchmark
import CredentialsStore
import Foundation
import OpenAPIRuntime
import RFC3339

/// The authorisation middleware's cost per request on the hot path: a fresh token in the coordinator's cache.
///
/// Anchor: the same generated client with no middleware. Subject: the same client with `AuthorizationMiddleware` over
/// a `SessionCoordinator` that holds a fresh token. Both call `listStories` 1,000 times per iteration, one after
/// another, over a transport that answers a one-story page at once, so the difference is the middleware's work: the
/// origin check, the actor hop to the coordinator and the header. Both read dates with `RFC3339DateTranscoder`, as
/// the CLI does: the runtime's default transcoder alone costs more than the whole rest of a call on Linux, and would
/// hide the middleware's share.
func registerClientCallBenchmarks() {
    let configuration = RunLength.configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        duration: .seconds(3),
        iterations: 1_000
    )
    let page = smallPage()
    let clientConfiguration = Configuration(dateTranscoder: RFC3339DateTranscoder())

    let bare = SetUpState<Client>()
    Benchmark("Client call, bare client (anchor)", configuration: configuration) { benchmark in
        let client = try bare.get()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await listOneStory(client))
        }
    } setup: {
        bare.set(
            Client(serverURL: serverURL, configuration: clientConfiguration, transport: CannedTransport(json: page)))
    } teardown: {
        bare.set(nil)
    }

    let authorized = SetUpState<Client>()
    Benchmark("Client call, AuthorizationMiddleware", configuration: configuration) { benchmark in
        let client = try authorized.get()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await listOneStory(client))
        }
    } setup: {
        let now = Date()
        let session = SessionCoordinator(
            origin: serverOrigin,
            store: InMemoryCredentialsStore([makeCredential(issuedAt: now)]),
            // Every operation of a bare MockAPI fails: a refresh here would be a bug in the benchmark.
            tokenEndpoint: TokenEndpoint(api: MockAPI(), clientID: "stories-cli", now: { now }),
            lock: NoCrossProcessLock(),
            now: { now }
        )
        // Loads the cache, so that every measured call takes the hot path.
        _ = try await session.currentAuthorization()
        authorized.set(
            Client(
                serverURL: serverURL,
                configuration: clientConfiguration,
                transport: CannedTransport(json: page),
                middlewares: [AuthorizationMiddleware(session: session)]
            )
        )
    } teardown: {
        authorized.set(nil)
    }
}

/// One `listStories` call; throws unless it returned the one-story page.
private func listOneStory(_ client: Client) async throws -> Int {
    let count = try await client.listStories(query: .init(limit: 20)).ok.body.json.items.count
    guard count == 1 else { throw BenchmarkFailure("expected 1 story, got \(count)") }
    return count
}

/// A page with one story, as JSON.
private func smallPage() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = .sortedKeys
    return Array(try! encoder.encode(Components.Schemas.StoryPage.fixture()))
}
