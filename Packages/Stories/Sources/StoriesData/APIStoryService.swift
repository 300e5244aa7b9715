import APIClient
import Foundation
import HTTPTypes
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
        try await page(startingAt: cursor, limit: limit) { _ in }
    }

    /// Tells the cursor of a `Link: <…>; rel="next"` header (`NextPageLink`) as soon as the response's head arrives,
    /// while the body is still read and decoded. That needs `ResponseHeadObservingMiddleware` in `api`'s middlewares;
    /// without it, or from a server that sends no such header, nothing is told early.
    public func stories(
        startingAt cursor: StoryCursor?, limit: Int,
        nextCursorKnown: @escaping @Sendable (StoryCursor) -> Void
    ) async throws(StoryServiceError) -> StoryPage {
        try await page(startingAt: cursor, limit: limit) { head in
            guard let next = NextPageLink.cursor(in: head) else { return }
            nextCursorKnown(StoryCursor(rawValue: next))
        }
    }

    private func page(
        startingAt cursor: StoryCursor?, limit: Int, observingHead observer: @escaping @Sendable (HTTPResponse) -> Void
    ) async throws(StoryServiceError) -> StoryPage {
        let output: Operations.ListStories.Output
        do {
            // Observed even when nobody listens, so that no observer of an enclosing call sees this call's heads.
            output = try await ResponseHeadObservation.observing(observer) {
                try await api.listStories(query: .init(limit: limit, cursor: cursor?.rawValue))
            }
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
