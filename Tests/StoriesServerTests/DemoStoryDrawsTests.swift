import Foundation
import SeededRandomness
import Testing

@testable import StoriesServerKit

/// Stories computed from their position against the stories the catalog drew one after another before it stopped
/// storing them.
@Suite("DemoStoryDraws")
struct DemoStoryDrawsTests {
    static let newest = Date(timeIntervalSince1970: 1_800_000_000.125)

    /// The catalog's stories as it made them when it stored them: one generator, `randomElement(using:)` and
    /// `Int.random(in:using:)`, the newest first.
    static func drawnOneAfterAnother(count: Int) -> [StoredStory] {
        var generator = SplitMix64(seed: DemoStoryDraws.seed)
        return (0..<count).map { index in
            let number = count - index
            let subject = DemoStoryWords.subjects.randomElement(using: &generator) ?? "Swift"
            let isQuestion = Int.random(in: 0..<10, using: &generator) == 0
            let template =
                (isQuestion ? DemoStoryWords.questions : DemoStoryWords.templates).randomElement(using: &generator)
                ?? "%@"
            let title = template.replacingOccurrences(of: "%@", with: subject)
            let slug = subject.lowercased().replacingOccurrences(of: " ", with: "-")
                .replacingOccurrences(of: "/", with: "")
            let site = DemoStoryWords.sites.randomElement(using: &generator) ?? "https://example.com/"
            return StoredStory(
                id: String(number),
                title: title.prefix(1).uppercased() + title.dropFirst(),
                url: isQuestion ? nil : "\(site)\(slug)-\(number)",
                author: DemoStoryWords.authors.randomElement(using: &generator) ?? "anonymous",
                score: Int.random(in: 1...900, using: &generator),
                commentCount: Int.random(in: 0...300, using: &generator),
                createdAt: newest.addingTimeInterval(
                    -TimeInterval(index * 600) - TimeInterval(Int.random(in: 0..<600, using: &generator)))
            )
        }
    }

    @Test("The story computed from its position is the one drawn one story after another", arguments: [1, 20_000])
    func sameAsDrawnInSequence(count: Int) {
        let factory = DemoStoryFactory()
        let computed = (0..<count).map { factory.story(at: $0, count: count, newest: Self.newest) }
        let drawn = Self.drawnOneAfterAnother(count: count)
        #expect(computed.map(\.id) == drawn.map(\.id))
        #expect(computed.map(\.title) == drawn.map(\.title))
        #expect(computed.map(\.url) == drawn.map(\.url))
        #expect(computed.map(\.author) == drawn.map(\.author))
        #expect(computed.map(\.score) == drawn.map(\.score))
        #expect(computed.map(\.commentCount) == drawn.map(\.commentCount))
        #expect(computed.map(\.createdAt) == drawn.map(\.createdAt))
    }

    @Test("Any output of the generator can be computed without the ones before it")
    func generatorOutputAtPosition() {
        var generator = SplitMix64(seed: 42)
        let inSequence = (0..<1000).map { _ in generator.next() }
        #expect(inSequence == (0..<1000).map { SplitMix64.output(at: UInt64($0), seed: 42) })
    }
}
