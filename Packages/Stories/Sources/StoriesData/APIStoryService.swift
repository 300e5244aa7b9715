import APIClient
import Foundation
import StoriesDomain

/// `StoryService` over the generated API client.
public struct APIStoryService: StoryService {
    private let api: any APIProtocol
    private let now: @Sendable () -> Date

    /// - Parameter now: the clock that dates a `Retry-After` answer.
    public init(api: any APIProtocol, now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        self.now = now
    }

    public func stories(startingAt cursor: StoryCursor?, limit: Int) async throws(StoryServiceError) -> StoryPage {
        let output: Operations.ListStories.Output
        do {
            output = try await api.listStories(query: .init(limit: limit, cursor: cursor?.rawValue))
        } catch {
            throw StoryServiceError(classifying: error)
        }
        switch output {
        case .ok(let ok):
            switch ok.body {
            case .json(let page): return try StoryMapping.page(from: page)
            }
        case .badRequest(let bad):
            throw .rejected(reason: ProblemText.summary(of: bad.body))
        case .unauthorized(let response):
            throw StoryServiceError(classifying: APIFailure(unauthorizedChallenge: response.headers.wwwAuthenticate))
        case .undocumented(let status, let payload):
            throw StoryServiceError(
                classifying: APIFailure(undocumentedStatus: status, headers: payload.headerFields, receivedAt: now()))
        }
    }

    public func story(id: String) async throws(StoryServiceError) -> Story {
        let output: Operations.GetStory.Output
        do {
            output = try await api.getStory(path: .init(storyId: id))
        } catch {
            throw StoryServiceError(classifying: error)
        }
        switch output {
        case .ok(let ok):
            switch ok.body {
            case .json(let story): return try StoryMapping.story(from: story)
            }
        case .notFound:
            throw .notFound(id: id)
        case .unauthorized(let response):
            throw StoryServiceError(classifying: APIFailure(unauthorizedChallenge: response.headers.wwwAuthenticate))
        case .undocumented(let status, let payload):
            throw StoryServiceError(
                classifying: APIFailure(undocumentedStatus: status, headers: payload.headerFields, receivedAt: now()))
        }
    }
}
