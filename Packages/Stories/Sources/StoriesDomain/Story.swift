import Foundation

/// A story as the app understands it.
public struct Story: Sendable, Equatable, Identifiable {
    public var id: String
    public var title: String
    /// The linked article; `nil` for ask-style stories.
    public var url: URL?
    public var author: String
    public var score: Int
    public var commentCount: Int
    public var createdAt: Date

    public init(id: String, title: String, url: URL?, author: String, score: Int, commentCount: Int, createdAt: Date) {
        self.id = id
        self.title = title
        self.url = url
        self.author = author
        self.score = score
        self.commentCount = commentCount
        self.createdAt = createdAt
    }
}
