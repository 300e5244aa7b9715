import Foundation
import StoriesDomain

/// Turns stories into rows. The clock is injected so that ages are exact in tests.
public struct StoryRowFormatter: Sendable {
    private let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public func row(for story: Story) -> StoryRow {
        StoryRow(
            id: story.id,
            title: story.title,
            domain: story.url.flatMap(Self.domain(of:)),
            points: Self.count(story.score, "point"),
            author: story.author,
            age: Self.age(of: story.createdAt, now: now()),
            comments: story.commentCount == 0 ? "no comments" : Self.count(story.commentCount, "comment")
        )
    }

    /// The host without a leading `www.`.
    static func domain(of url: URL) -> String? {
        guard let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// A coarse relative age, like a news site shows. Dates slightly in the future (clock skew) read "just now".
    static func age(of date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        let units: [(seconds: Int, noun: String)] = [
            (365 * 86_400, "year"), (30 * 86_400, "month"), (7 * 86_400, "week"),
            (86_400, "day"), (3_600, "hour"), (60, "minute"),
        ]
        guard seconds >= 60 else { return "just now" }
        for unit in units where seconds >= unit.seconds {
            return count(seconds / unit.seconds, unit.noun) + " ago"
        }
        return "just now"
    }
}
