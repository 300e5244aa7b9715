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
/// that answers at once; `pagesPerIteration` pages per iteration (the default transcoder takes over a millisecond a
/// page, so a thousand would leave too few iterations to read a p50 from).
func registerPageDecodingBenchmarks() {
    let pagesPerIteration = 100
    let configuration = RunLength.configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        duration: .seconds(3),
        iterations: 1_000
    )
    let page = twentyStoryPage()

    for (name, transcoder) in [
        ("Page decode, default ISO8601 transcoder (anchor)", ISO8601DateTranscoder.iso8601 as any DateTranscoder),
        ("Page decode, RFC3339DateTranscoder", RFC3339DateTranscoder()),
    ] {
        let client = Client(
            serverURL: serverURL,
            configuration: Configuration(dateTranscoder: transcoder),
            transport: CannedTransport(json: page)
        )
        Benchmark(name, configuration: configuration) { _ in
            for _ in 0..<pagesPerIteration {
                let count = try await client.listStories(query: .init(limit: 20)).ok.body.json.items.count
                guard count == 20 else { throw BenchmarkFailure("expected 20 stories, got \(count)") }
            }
        }
    }
}

/// Twenty stories as `stories-server` writes them: whole-second UTC dates, a URL on most.
private func twentyStoryPage() -> [UInt8] {
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
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = .sortedKeys
    return Array(try! encoder.encode(Components.Schemas.StoryPage.fixture(items: stories, nextCursor: "djE6OTk5ODA")))
}
