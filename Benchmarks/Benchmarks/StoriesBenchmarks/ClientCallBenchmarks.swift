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
/// Anchor: the generated client with no middleware. Subject: the same client with `AuthorizationMiddleware` over a
/// `SessionCoordinator` that holds a fresh token. Each makes 1,000 sequential `listStories` calls per iteration over a
/// transport that answers a one-story page at once, so the difference is the middleware's work: the origin check, the
/// actor hop to the coordinator and the header. Both read dates with `RFC3339DateTranscoder`, as the CLI does: the
/// runtime's default transcoder alone costs more than all the rest of a call on Linux, and would hide the
/// middleware's share.
func registerClientCallBenchmarks() {
    let calls = 1_000
    let clients = Shared<(bare: Client, authorized: Client)>()
    Benchmark(
        "Client calls: AuthorizationMiddleware vs bare client (anchor), 1,000 calls",
        configuration: RunLength.configuration(duration: .seconds(6), iterations: 1_000)
    ) { benchmark in
        let (bare, authorized) = try clients.get()
        try await Interleaved.measure(benchmark) {
            for _ in 0..<calls { try await listStories(bare, expecting: 1) }
        } subject: {
            for _ in 0..<calls { try await listStories(authorized, expecting: 1) }
        }
    } setup: {
        let page = StoryPageJSON.bytes(of: .fixture())
        clients.set(
            (
                bare: Client(
                    serverURL: serverURL,
                    configuration: Configuration(dateTranscoder: RFC3339DateTranscoder()),
                    transport: CannedTransport(json: page)),
                authorized: try await makeAuthorizedClient(answering: page)
            )
        )
    } teardown: {
        clients.set(nil)
    }
}

/// What a DPoP proof (RFC 9449) adds to each call: an ES256 signature over a new JWT, and the token's hash for `ath`.
///
/// Anchor: the middleware with a bearer session, as above. Subject: the same middleware and fresh token, the session
/// bound to a DPoP key, so that every call signs a proof. 1,000 sequential `listStories` calls each per iteration.
func registerDPoPCallBenchmarks() {
    let calls = 1_000
    let clients = Shared<(bearer: Client, dpop: Client)>()
    Benchmark(
        "Client calls: AuthorizationMiddleware with DPoP vs Bearer (anchor), 1,000 calls",
        configuration: RunLength.configuration(duration: .seconds(8), iterations: 200)
    ) { benchmark in
        let (bearer, dpop) = try clients.get()
        try await Interleaved.measure(benchmark) {
            for _ in 0..<calls { try await listStories(bearer, expecting: 1) }
        } subject: {
            for _ in 0..<calls { try await listStories(dpop, expecting: 1) }
        }
    } setup: {
        let page = StoryPageJSON.bytes(of: .fixture())
        clients.set(
            (
                bearer: try await makeAuthorizedClient(answering: page),
                dpop: try await makeAuthorizedClient(answering: page, dpopBound: true)
            )
        )
    } teardown: {
        clients.set(nil)
    }
}
