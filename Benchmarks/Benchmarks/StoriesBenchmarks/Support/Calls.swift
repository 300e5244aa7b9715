import APIClient
import APIClientTestSupport
import Authorization
import CredentialsStore
import Foundation
import OpenAPIRuntime
import RFC3339

/// One `listStories` call; throws unless it returned `count` stories.
func listStories(_ client: Client, expecting count: Int) async throws {
    let received = try await client.listStories(query: .init(limit: 20)).ok.body.json.items.count
    guard received == count else { throw BenchmarkFailure("expected \(count) stories, got \(received)") }
}

/// The generated client with `AuthorizationMiddleware` over a `SessionCoordinator` whose cache holds a fresh token,
/// over a transport that answers every request with `page` at once: every call takes the middleware's hot path.
func makeAuthorizedClient(answering page: [UInt8]) async throws -> Client {
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
    return Client(
        serverURL: serverURL,
        configuration: Configuration(dateTranscoder: RFC3339DateTranscoder()),
        transport: CannedTransport(json: page),
        middlewares: [AuthorizationMiddleware(session: session)]
    )
}
