import APIClient
import APIClientTestSupport
import Benchmark
import Foundation
import OpenAPIRuntime
import RFC3339

/// Reading a 20-story page (the CLI's default `list`) through the generated client.
///
/// Anchor: the runtime's default transcoder (`.iso8601`, one shared `ISO8601DateFormatter` behind a lock). Subject:
/// `RFC3339DateTranscoder`, which the CLI and the server use. Same bytes, same client, no middleware, a transport
/// that answers at once; 100 pages each per iteration (the default transcoder takes over a millisecond a page).
func registerPageDecodingBenchmarks() {
    let pages = 100
    let page = twentyStoryPage()
    let iso8601 = Client(
        serverURL: serverURL, configuration: Configuration(dateTranscoder: .iso8601),
        transport: CannedTransport(json: page))
    let rfc3339 = Client(
        serverURL: serverURL, configuration: Configuration(dateTranscoder: RFC3339DateTranscoder()),
        transport: CannedTransport(json: page))
    Benchmark(
        "Page decoding: RFC3339DateTranscoder vs default ISO8601 transcoder (anchor), 100 pages of 20 stories",
        configuration: RunLength.configuration(duration: .seconds(6), iterations: 1_000)
    ) { benchmark in
        try await Interleaved.measure(benchmark) {
            for _ in 0..<pages { try await listStories(iso8601, expecting: 20) }
        } subject: {
            for _ in 0..<pages { try await listStories(rfc3339, expecting: 20) }
        }
    }
}

/// Twenty stories as `stories-server` writes them: whole-second UTC dates, a URL on most.
func twentyStoryPage() -> [UInt8] {
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    let stories = (0..<20).map { (index: Int) -> Components.Schemas.Story in
        let id = 100_000 - index
        let url: String? = index % 5 == 0 ? nil : "https://example.com/stories/\(id)"
        return Components.Schemas.Story.fixture(
            id: String(id),
            title: "Story \(id): notes on building a client from an OpenAPI contract",
            url: url,
            author: "author\(index % 7)",
            score: 1_000 - 13 * index,
            commentCount: 3 * index,
            createdAt: start.addingTimeInterval(TimeInterval(-60 * index))
        )
    }
    return encoded(.fixture(items: stories, nextCursor: "99980"))
}
