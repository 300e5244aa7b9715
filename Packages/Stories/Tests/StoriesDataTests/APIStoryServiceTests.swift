import APIClient
import APIClientTestSupport
import DomainFailure
import Foundation
import HTTPTypes
import OpenAPIRuntime
import RFC8259
import StoriesDomain
import Testing

@testable import StoriesData

@Suite("APIStoryService")
struct APIStoryServiceTests {
    @Test("Maps a page of generated stories to domain stories and passes the cursor on")
    func mapsPage() async throws {
        var api = MockAPI()
        api.listStories = { input in
            #expect(input.query.limit == 2)
            #expect(input.query.cursor == "abc")
            // What the spec says the answer is, although the generated client would offer `application/*` for the
            // page it hands over unread.
            #expect(
                input.headers.accept.map(\.contentType.rawValue) == ["application/json", "application/problem+json"])
            return .ok(
                .init(
                    body: .json(.fixture(items: [.fixture(id: "9", url: nil), .fixture(id: "8")], nextCursor: "next"))))
        }
        let page = try await APIStoryService(api: api).stories(startingAt: StoryCursor(rawValue: "abc"), limit: 2)
        #expect(page.stories.map(\.id) == ["9", "8"])
        #expect(page.stories[0].url == nil)
        #expect(page.stories[1].url == URL(string: "https://example.com/a-story"))
        #expect(page.nextCursor == StoryCursor(rawValue: "next"))
        #expect(page.skipped.isEmpty)
    }

    @Test(
        "Skips and reports a malformed story instead of failing the page",
        arguments: [
            Components.Schemas.Story.fixture(id: "bad", url: "not a url"),
            .fixture(id: "bad", url: "ftp://example.com/file"),
            .fixture(id: "bad", score: -1),
            .fixture(id: ""),
        ])
    func skipsMalformedItems(bad: Components.Schemas.Story) async throws {
        var api = MockAPI()
        api.listStories = { _ in .ok(.init(body: .json(.fixture(items: [.fixture(id: "ok"), bad])))) }
        let page = try await APIStoryService(api: api).stories(startingAt: nil, limit: 20)
        #expect(page.stories.map(\.id) == ["ok"])
        #expect(page.skipped.count == 1)
    }

    @Test(
        "A page body that is not a StoryPage in JSON is a malformed response, saying what was wrong where",
        arguments: [
            (#"{"items":[],}"#, JSONReadError(.unexpectedByte(UInt8(ascii: "}")), at: 12)),
            (#"{"stories":[]}"#, JSONReadError(.missingMember("items"), at: 14)),
            ("<html>", JSONReadError(.expected(.object), at: 0)),
        ])
    func refusesMalformedPageBodies(body: String, error: JSONReadError) async {
        var api = MockAPI()
        api.listStories = { _ in .ok(.init(body: .application_Ast_(HTTPBody(body)))) }
        await #expect(throws: StoryServiceError.malformedResponse(FailureCause(error))) {
            try await APIStoryService(api: api).stories(startingAt: nil, limit: 20)
        }
    }

    @Test("Maps documented error responses to domain errors")
    func mapsDocumentedErrors() async {
        var api = MockAPI()
        api.listStories = { _ in .badRequest(.init(body: .applicationProblemJson(.fixture(detail: "bad cursor")))) }
        api.getStory = { _ in .notFound(.init(body: .applicationProblemJson(.fixture(title: "Not Found", status: 404))))
        }
        let service = APIStoryService(api: api)
        await #expect(throws: StoryServiceError.rejected(reason: "Bad Request: bad cursor")) {
            try await service.stories(startingAt: nil, limit: 20)
        }
        await #expect(throws: StoryServiceError.notFound(id: "7")) { try await service.story(id: "7") }
    }

    @Test(
        "A 401 means the session is no longer accepted, unless its challenge says the token lacks scope",
        arguments: [
            ("Bearer", StoryServiceError.sessionExpired), (#"Bearer error="invalid_token""#, .sessionExpired),
            (#"Bearer realm="stories", error="insufficient_scope", scope="admin""#, .forbidden),
            (#"Bearer error=insufficient_scope"#, .forbidden),
        ])
    func mapsUnauthorized(challenge: String, expected: StoryServiceError) async {
        var api = MockAPI()
        let unauthorized = Operations.GetStory.Output.unauthorized(
            .init(headers: .init(wwwAuthenticate: challenge), body: .applicationProblemJson(.fixture(status: 401))))
        api.getStory = { _ in unauthorized }
        api.listStories = { _ in
            .unauthorized(
                .init(headers: .init(wwwAuthenticate: challenge), body: .applicationProblemJson(.fixture(status: 401))))
        }
        await #expect(throws: expected) { try await APIStoryService(api: api).story(id: "1") }
        await #expect(throws: expected) { try await APIStoryService(api: api).stories(startingAt: nil, limit: 20) }
    }

    @Test(
        "Classifies thrown failures by what the user can do, keeping the error below the client as the cause",
        arguments: [
            (
                APIFailure.unreachable(.connectionRefused) as any Error,
                StoryServiceError.unreachable(FailureCause(APIFailure.unreachable(.connectionRefused)))
            ),
            (APIFailure.notSignedIn, .notSignedIn),
            (
                APIFailure.credentialsUnavailable,
                .credentialsUnavailable(FailureCause(APIFailure.credentialsUnavailable))
            ),
            (
                ClientError(
                    operationID: "listStories", operationInput: "", causeDescription: "",
                    underlyingError: DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: ""))
                ),
                .malformedResponse(
                    FailureCause(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: ""))))
            ),
            (
                ClientError(
                    operationID: "listStories", operationInput: "", causeDescription: "",
                    underlyingError: NetworkFailure.timedOut(after: .seconds(30))
                ),
                .unreachable(FailureCause(NetworkFailure.timedOut(after: .seconds(30))))
            ),
            (
                ClientError(
                    operationID: "listStories", operationInput: "", causeDescription: "",
                    underlyingError: ResponseTooLarge(operationID: "listStories", limit: 1024)
                ),
                .malformedResponse(FailureCause(ResponseTooLarge(operationID: "listStories", limit: 1024)))
            ),
        ])
    func classifiesThrownErrors(thrown: any Error, expected: StoryServiceError) async {
        var api = MockAPI()
        api.listStories = { _ in throw thrown }
        await #expect(throws: expected) { try await APIStoryService(api: api).stories(startingAt: nil, limit: 20) }
    }

    /// The statuses `listStories` does not document, and what each one means for the user.
    static let undocumentedStatuses: [(status: Int, retryAfter: String?, expected: StoryServiceError)] = [
        (403, nil, .forbidden),
        (404, nil, .unexpected(FailureCause(APIFailure.notFound))),
        (418, nil, .unexpected(FailureCause(APIFailure.unexpectedStatus(418)))),
        (
            408, nil,
            .unavailable(retryAfter: nil, cause: FailureCause(APIFailure.unavailable(status: 408, retryAfter: nil)))
        ),
        (
            429, "7",
            .unavailable(
                retryAfter: .seconds(7),
                cause: FailureCause(APIFailure.unavailable(status: 429, retryAfter: RetryAfter(delay: .seconds(7)))))
        ),
        (
            500, "inf",
            .unavailable(retryAfter: nil, cause: FailureCause(APIFailure.unavailable(status: 500, retryAfter: nil)))
        ),
        (
            503, nil,
            .unavailable(retryAfter: nil, cause: FailureCause(APIFailure.unavailable(status: 503, retryAfter: nil)))
        ),
    ]

    @Test(
        "Maps statuses the operation does not document honestly: 403 forbidden, 404 and others unexpected, 408, 429 and 5xx unavailable",
        arguments: undocumentedStatuses)
    func mapsUndocumentedStatuses(status: Int, retryAfter: String?, expected: StoryServiceError) async {
        var api = MockAPI()
        var headers = HTTPFields()
        headers[.retryAfter] = retryAfter
        let fields = headers
        api.listStories = { _ in .undocumented(statusCode: status, .init(headerFields: fields)) }
        await #expect(throws: expected) { try await APIStoryService(api: api).stories(startingAt: nil, limit: 20) }
    }
}
