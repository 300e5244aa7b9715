import Foundation
import StoriesDomain
import Testing

@testable import StoriesPresentation

@Suite("StoryRowFormatter")
struct StoryRowFormatterTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(
        "Formats the age of a story relative to the injected clock",
        arguments: [
            (0, "just now"), (59, "just now"), (60, "1 minute ago"), (119, "1 minute ago"), (3_599, "59 minutes ago"),
            (3_600, "1 hour ago"), (86_399, "23 hours ago"), (86_400, "1 day ago"), (6 * 86_400, "6 days ago"),
            (7 * 86_400, "1 week ago"), (30 * 86_400, "1 month ago"), (400 * 86_400, "1 year ago"), (-120, "just now"),
        ])
    func formatsAge(secondsAgo: Int, expected: String) {
        let date = Self.now.addingTimeInterval(TimeInterval(-secondsAgo))
        #expect(StoryRowFormatter.age(of: date, now: Self.now) == expected)
    }

    @Test(
        "Shows the host of the link without www, and nothing for ask stories",
        arguments: [
            ("https://www.example.com/a", "example.com"), ("https://blog.example.org/x?y=1", "blog.example.org"),
            ("http://EXAMPLE.net", "example.net"), (nil, nil),
        ] as [(String?, String?)])
    func formatsDomain(url: String?, expected: String?) {
        let story = Story.fixture(url: url.flatMap(URL.init(string:)))
        #expect(StoryRowFormatter(now: { Self.now }).row(for: story).domain == expected)
    }

    @Test(
        "Pluralises points and comments",
        arguments: [
            (0, 0, "0 points", "no comments"), (1, 1, "1 point", "1 comment"), (42, 7, "42 points", "7 comments"),
        ])
    func pluralises(score: Int, comments: Int, points: String, commentText: String) {
        let row = StoryRowFormatter(now: { Self.now }).row(for: .fixture(score: score, commentCount: comments))
        #expect(row.points == points)
        #expect(row.comments == commentText)
    }
}

extension Story {
    static func fixture(
        id: String = "1",
        title: String = "A story",
        url: URL? = URL(string: "https://example.com/a"),
        score: Int = 5,
        commentCount: Int = 1,
        createdAt: Date = Date(timeIntervalSince1970: 1_800_000_000 - 7_200)
    ) -> Story {
        Story(
            id: id, title: title, url: url, author: "alice", score: score, commentCount: commentCount,
            createdAt: createdAt)
    }
}
