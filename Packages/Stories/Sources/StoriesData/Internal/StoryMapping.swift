import APIClient
import Foundation
import StoriesDomain

/// Maps generated schemas to domain types. Server data is validated, never force-unwrapped.
enum StoryMapping {
    /// A page keeps the valid stories and reports the others as skipped, so one bad item does not hide a page.
    static func page(from page: Components.Schemas.StoryPage) throws(StoryServiceError) -> StoryPage {
        var stories: [Story] = []
        var skipped: [SkippedStory] = []
        for item in page.items {
            do throws(StoryServiceError) {
                stories.append(try story(from: item))
            } catch {
                skipped.append(SkippedStory(id: Redaction.sanitize(item.id, maxLength: 64), reason: error.reasonText))
            }
        }
        let cursor = page.nextCursor.flatMap { $0.isEmpty ? nil : StoryCursor(rawValue: $0) }
        return StoryPage(stories: stories, nextCursor: cursor, skipped: skipped)
    }

    static func story(from story: Components.Schemas.Story) throws(StoryServiceError) -> Story {
        guard !story.id.isEmpty else { throw .malformedResponse(reason: "a story has an empty id") }
        guard story.score >= 0, story.commentCount >= 0 else {
            throw .malformedResponse(reason: "story \(story.id) has a negative count")
        }
        var url: URL?
        if let text = story.url {
            guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(),
                ["http", "https"].contains(scheme), parsed.host?.isEmpty == false
            else {
                throw .malformedResponse(reason: "story \(story.id) has an invalid url")
            }
            url = parsed
        }
        return Story(
            id: story.id,
            title: story.title,
            url: url,
            author: story.author,
            score: story.score,
            commentCount: story.commentCount,
            createdAt: story.createdAt
        )
    }
}

extension StoryServiceError {
    /// Maps a failure of the generated client to a domain error.
    init(_ error: any Error) {
        switch APIFailure(classifying: error) {
        case .unreachable(let reason): self = .unreachable(reason: reason)
        case .notSignedIn: self = .notSignedIn
        case .sessionExpired: self = .sessionExpired
        case .credentialsUnavailable(let reason): self = .credentialsUnavailable(reason: reason)
        case .malformedResponse(let reason): self = .malformedResponse(reason: reason)
        case .other(let reason): self = .unexpected(reason: reason)
        }
    }

    var reasonText: String {
        switch self {
        case .malformedResponse(let reason), .rejected(let reason), .unreachable(let reason),
            .credentialsUnavailable(let reason), .unexpected(let reason):
            reason
        case .notSignedIn: "not signed in"
        case .sessionExpired: "session expired"
        case .notFound(let id): "story \(id) not found"
        }
    }
}
