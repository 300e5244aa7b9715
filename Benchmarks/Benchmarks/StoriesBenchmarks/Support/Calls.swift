import APIClient
import APIClientTestSupport
import Authorization
import CredentialsStore
import Foundation
import OpenAPIRuntime
import RFC3339
import RFC9449
import StoriesData

/// One `listStories` call, its page read as the app reads it (`StoryPageReader`: the generated client hands the body
/// over unread); throws unless it returned `count` stories.
func listStories(_ client: Client, expecting count: Int) async throws {
    let body = try await client.listStories(query: .init(limit: 20)).ok.body.application_Ast_
    let received = try StoryPageReader.page(from: try await [UInt8](collecting: body, upTo: .max)).items.count
    guard received == count else { throw BenchmarkFailure("expected \(count) stories, got \(received)") }
}

/// The generated client with `AuthorizationMiddleware` over a `SessionCoordinator` whose cache holds a fresh token,
/// over a transport that answers every request with `page` at once: every call takes the middleware's hot path.
/// With `dpopBound`, the session's tokens are bound to a DPoP key (RFC 9449), so every call also signs a proof.
/// Throws unless the transport saw a proof on the first call with `dpopBound`, and none without.
func makeAuthorizedClient(answering page: [UInt8], dpopBound: Bool = false) async throws -> Client {
    let now = Date()
    var credential = makeCredential(issuedAt: now)
    if dpopBound {
        credential.dpopKey = DPoPSigningKey()
        credential.tokenType = "DPoP"
    }
    let session = SessionCoordinator(
        origin: serverOrigin,
        store: InMemoryCredentialsStore([credential]),
        // Every operation of a bare MockAuthorizationServerAPI fails: a refresh here would be a bug in the benchmark.
        tokenEndpoint: TokenEndpoint(api: MockAuthorizationServerAPI(), clientID: "stories-cli", now: { now }),
        lock: NoCrossProcessLock(),
        now: { now }
    )
    // Loads the cache, so that every measured call takes the hot path.
    _ = try await session.currentAuthorization()
    let transport = CannedTransport(json: page)
    let client = Client(
        serverURL: serverURL,
        configuration: Configuration(dateTranscoder: RFC3339DateTranscoder()),
        transport: transport,
        middlewares: [AuthorizationMiddleware(session: session)]
    )
    try await listStories(client, expecting: 1)
    guard transport.proofCount == (dpopBound ? 1 : 0) else {
        throw BenchmarkFailure(
            "\(transport.proofCount) DPoP proofs in one call of a session with dpopBound \(dpopBound)")
    }
    return client
}
