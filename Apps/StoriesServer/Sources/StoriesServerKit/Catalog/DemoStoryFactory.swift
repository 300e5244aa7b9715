import Foundation

/// Builds the demo story at any position of a catalog from its draws, with every title and link slug made once.
struct DemoStoryFactory: Sendable {
    /// `titles[kind][subject]`: kind 0 to `templates.count - 1` are the templates, the rest the questions.
    let titles: [[String]]
    /// The slug of each subject in links: lower case, dashes for spaces, no slashes.
    let slugs: [String]

    init() {
        titles = (DemoStoryWords.templates + DemoStoryWords.questions).map { template in
            DemoStoryWords.subjects.map { subject in
                let title = template.replacingOccurrences(of: "%@", with: subject)
                return title.prefix(1).uppercased() + title.dropFirst()
            }
        }
        slugs = DemoStoryWords.subjects.map {
            $0.lowercased().replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "/", with: "")
        }
    }

    /// Index in `titles` of the title kind `draws` chose.
    static func titleKind(_ draws: DemoStoryDraws) -> Int {
        draws.isQuestion ? DemoStoryWords.templates.count + draws.template : draws.template
    }

    /// The story at `position` (0 is the newest) of a catalog of `count` stories whose newest story is `newest`.
    func story(at position: Int, count: Int, newest: Date) -> StoredStory {
        let draws = DemoStoryDraws(position: position)
        let number = count - position
        return StoredStory(
            id: String(number),
            title: titles[Self.titleKind(draws)][draws.subject],
            url: draws.isQuestion ? nil : "\(DemoStoryWords.sites[draws.site])\(slugs[draws.subject])-\(number)",
            author: DemoStoryWords.authors[draws.author],
            score: draws.score,
            commentCount: draws.commentCount,
            createdAt: Self.createdAt(position: position, draws: draws, newest: newest)
        )
    }

    /// Every story is 600 seconds older than the one before it, less up to ten minutes of its own.
    static func createdAt(position: Int, draws: DemoStoryDraws, newest: Date) -> Date {
        newest.addingTimeInterval(-TimeInterval(position * 600) - TimeInterval(draws.secondsEarlier))
    }
}
