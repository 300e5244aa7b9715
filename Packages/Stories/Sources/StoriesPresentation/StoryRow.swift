/// A story, formatted for display.
public struct StoryRow: Sendable, Equatable, Identifiable {
    public var id: String
    public var title: String
    /// The linked site (`example.com`), or `nil` for ask-style stories.
    public var domain: String?
    /// "1 point", "42 points".
    public var points: String
    public var author: String
    /// "just now", "5 minutes ago", "3 days ago".
    public var age: String
    /// "no comments", "1 comment", "12 comments".
    public var comments: String

    public init(
        id: String,
        title: String,
        domain: String?,
        points: String,
        author: String,
        age: String,
        comments: String
    ) {
        self.id = id
        self.title = title
        self.domain = domain
        self.points = points
        self.author = author
        self.age = age
        self.comments = comments
    }
}
