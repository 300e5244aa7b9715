import SeededRandomness

/// The random choices that make the demo story at one position of the catalog, computed from the position alone.
///
/// Each story takes `perStory` outputs of `SplitMix64`, in the order the catalog once drew them one story after the
/// other with the standard library's `randomElement(using:)` and `Int.random(in:using:)`. Those map an output to a
/// bound by its high half of a full-width multiplication, and draw again in the rare case (under `bound / 2⁶⁴`) that
/// the low half falls in the biased band; here there is no second draw, so that every story takes exactly
/// `perStory` outputs and none depends on the stories before it. `DemoStoryDrawsTests` shows that the two give the
/// same stories.
struct DemoStoryDraws: Equatable {
    static let seed: UInt64 = 0x5709_1E5
    static let perStory = 8

    /// Index in `DemoStoryWords.subjects`.
    var subject: Int
    var isQuestion: Bool
    /// Index in `DemoStoryWords.questions` if `isQuestion`, else in `DemoStoryWords.templates`.
    var template: Int
    /// Index in `DemoStoryWords.sites` (drawn for a question too, which has no link).
    var site: Int
    /// Index in `DemoStoryWords.authors`.
    var author: Int
    var score: Int
    var commentCount: Int
    /// Seconds before its slot of the timeline (every story is 600 seconds older than the one before it).
    var secondsEarlier: Int

    /// The draws of the story at `position` (0 is the newest).
    init(position: Int) {
        let first = UInt64(position) &* UInt64(Self.perStory)
        func draw(_ index: UInt64, below bound: Int) -> Int {
            let random = SplitMix64.output(at: first &+ index, seed: Self.seed)
            return Int(truncatingIfNeeded: random.multipliedFullWidth(by: UInt64(bound)).high)
        }
        subject = draw(0, below: DemoStoryWords.subjects.count)
        isQuestion = draw(1, below: 10) == 0
        template = draw(2, below: isQuestion ? DemoStoryWords.questions.count : DemoStoryWords.templates.count)
        site = draw(3, below: DemoStoryWords.sites.count)
        author = draw(4, below: DemoStoryWords.authors.count)
        score = 1 + draw(5, below: 900)
        commentCount = draw(6, below: 301)
        secondsEarlier = draw(7, below: 600)
    }
}
