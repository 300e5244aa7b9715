import APIClient
import Foundation

/// Typed fixtures: tests build responses from these instead of JSON strings.
extension Components.Schemas.Story {
    public static func fixture(
        id: String = "s-1",
        title: String = "A story",
        url: String? = "https://example.com/a-story",
        author: String = "alice",
        score: Int = 10,
        commentCount: Int = 2,
        createdAt: Date = Date(timeIntervalSince1970: 1_790_000_000)
    ) -> Self {
        .init(
            id: id, title: title, url: url, author: author, score: score, commentCount: commentCount,
            createdAt: createdAt)
    }
}

extension Components.Schemas.StoryPage {
    public static func fixture(items: [Components.Schemas.Story] = [.fixture()], nextCursor: String? = nil) -> Self {
        .init(items: items, nextCursor: nextCursor)
    }
}

extension Components.Schemas.User {
    public static func fixture(
        id: String = "u-1",
        username: String = "demo",
        displayName: String? = "Demo User",
        createdAt: Date = Date(timeIntervalSince1970: 1_780_000_000)
    ) -> Self {
        .init(id: id, username: username, displayName: displayName, createdAt: createdAt)
    }
}

extension Components.Schemas.Problem {
    public static func fixture(title: String = "Bad Request", status: Int = 400, detail: String? = nil) -> Self {
        .init(title: title, status: status, detail: detail)
    }
}
