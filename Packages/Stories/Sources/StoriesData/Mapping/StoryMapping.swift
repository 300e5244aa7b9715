import APIClient
import DomainFailure
import Foundation
import StoriesDomain

/// Maps generated schemas to domain types. Server data is validated, never force-unwrapped.
enum StoryMapping {
    /// A page keeps the valid stories and reports the others as skipped, so one bad item does not hide a page.
    static func page(from page: Components.Schemas.StoryPage) throws(StoryServiceError) -> StoryPage {
        var stories: [Story] = []
        var skipped: [SkippedStory] = []
        for item in page.items {
            do throws(StoryContractViolation) {
                stories.append(try validated(item))
            } catch {
                skipped.append(SkippedStory(id: Redaction.sanitize(item.id, maxLength: 64), reason: error.skipReason))
            }
        }
        let cursor = page.nextCursor.flatMap { $0.isEmpty ? nil : StoryCursor(rawValue: $0) }
        return StoryPage(stories: stories, nextCursor: cursor, skipped: skipped)
    }

    static func story(from story: Components.Schemas.Story) throws(StoryServiceError) -> Story {
        do throws(StoryContractViolation) {
            return try validated(story)
        } catch {
            throw .malformedResponse(FailureCause(error))
        }
    }

    static func validated(_ story: Components.Schemas.Story) throws(StoryContractViolation) -> Story {
        guard !story.id.isEmpty else { throw .emptyID }
        guard story.score >= 0, story.commentCount >= 0 else { throw .negativeCount }
        var url: URL?
        if let text = story.url {
            guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(),
                ["http", "https"].contains(scheme), parsed.host?.isEmpty == false
            else { throw .invalidURL }
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

extension StoryServiceError: ClassifiedFailure {}
