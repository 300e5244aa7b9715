import APIClient
import APIClientTestSupport
import Benchmark
import Foundation
import OpenAPIRuntime
import RFC3339
import StoriesData

/// Reading a 20-story page (the CLI's default `list`; `list --all` reads pages of 100) from its bytes.
///
/// Anchor: `JSONDecoder` into the generated `StoryPage`, dates through `RFC3339DateTranscoder`: what the generated
/// client did with every page until `Scripts/generate-openapi` had it hand the body over unread. Subject:
/// `StoryPageReader`, which reads it now. Same bytes, no client around either; 100 pages each per iteration.
func registerPageDecodingBenchmarks() {
    let pages = 100
    let page = twentyStoryPage()
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
        try RFC3339DateTranscoder().decode(try decoder.singleValueContainer().decode(String.self))
    }
    Benchmark(
        "Page decoding: StoryPageReader vs JSONDecoder (anchor), 100 pages of 20 stories",
        configuration: RunLength.configuration(duration: .seconds(6), iterations: 1_000)
    ) { benchmark in
        try await Interleaved.measure(benchmark) {
            for _ in 0..<pages {
                let decoded = try decoder.decode(Components.Schemas.StoryPage.self, from: Data(page))
                guard decoded.items.count == 20 else { throw BenchmarkFailure("JSONDecoder read a short page") }
            }
        } subject: {
            for _ in 0..<pages {
                guard try StoryPageReader.page(from: page).items.count == 20 else {
                    throw BenchmarkFailure("StoryPageReader read a short page")
                }
            }
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
    return StoryPageJSON.bytes(of: .fixture(items: stories, nextCursor: "99980"))
}
