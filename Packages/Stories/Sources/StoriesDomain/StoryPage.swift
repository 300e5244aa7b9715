/// One page of stories, newest first.
public struct StoryPage: Sendable, Equatable {
    public var stories: [Story]
    /// Where the next page starts; `nil` on the last page.
    public var nextCursor: StoryCursor?
    /// Items the server sent that could not be understood. They are reported, not shown.
    public var skipped: [SkippedStory]

    public init(stories: [Story], nextCursor: StoryCursor?, skipped: [SkippedStory] = []) {
        self.stories = stories
        self.nextCursor = nextCursor
        self.skipped = skipped
    }
}

/// An opaque position in the list of stories, as the server issued it.
public struct StoryCursor: Sendable, Hashable, RawRepresentable {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

/// A story the server sent that is not valid, and why.
public struct SkippedStory: Sendable, Equatable {
    public var id: String
    public var reason: String

    public init(id: String, reason: String) {
        self.id = id
        self.reason = reason
    }
}
