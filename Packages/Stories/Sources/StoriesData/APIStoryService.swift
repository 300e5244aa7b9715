import APIClient
import DomainFailure
import Foundation
import HTTPTypes
import OpenAPIRuntime
import StoriesDomain

/// `StoryService` over the generated API client.
public struct APIStoryService: StoryService {
    private let api: any APIProtocol
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - api: the generated Stories API client, or `MockAPI` in tests.
    ///   - now: the clock that dates a `Retry-After` answer.
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
                try await api.listStories(
                    query: .init(limit: limit, cursor: cursor?.rawValue), headers: Self.listStoriesAccept)
            }
        } catch {
            throw StoryServiceError(classifying: error)
        }
        switch output {
        case .ok(let ok):
            switch ok.body {
            // The page's JSON, as bytes of any `application/*` type: how `Scripts/generate-openapi` gets the generated
            // client to hand the body over unread.
            case .application_Ast_(let body): return try StoryMapping.page(from: await Self.storyPage(in: body))
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

    /// What the spec says a `listStories` answer is: the generated client would offer `application/*` for the page
    /// (see `storyPage(in:)`), which a server could take as leave to send another type.
    private static let listStoriesAccept = Operations.ListStories.Input.Headers(accept: [
        .init(contentType: .other("application/json")), .init(contentType: .applicationProblemJson),
    ])

    /// The page in a `listStories` body, which the generated client hands over unread (`StoryPageReader` says why).
    private static func storyPage(in body: HTTPBody) async throws(StoryServiceError) -> Components.Schemas.StoryPage {
        let bytes: [UInt8]
        do {
            // Bounded before it gets here: the client's `BoundedResponseMiddleware` reads every body up to its
            // operation's limit, as the generated decoding it replaces relied on.
            bytes = try await [UInt8](collecting: body, upTo: .max)
        } catch {
            throw StoryServiceError(classifying: error)
        }
        do {
            return try StoryPageReader.page(from: bytes)
        } catch {
            throw .malformedResponse(FailureCause(error))
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
