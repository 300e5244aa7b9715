import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import Authorization

/// A session with a fixed token that records rejections.
actor FixedSession: AccessTokenProviding {
    nonisolated let origin: ServerOrigin
    let authorization: BearerAuthorization
    let retry: BearerAuthorization?
    private(set) var rejections: [BearerAuthorization] = []

    init(origin: ServerOrigin, token: String = "token-1", retry: BearerAuthorization? = nil) {
        self.origin = origin
        self.authorization = BearerAuthorization(accessToken: Secret(token), generation: 1)
        self.retry = retry
    }

    func currentAuthorization() -> BearerAuthorization { authorization }

    func authorizationAfterRejection(of rejected: BearerAuthorization) -> BearerAuthorization? {
        rejections.append(rejected)
        return retry
    }
}

/// Records what reaches the transport and answers with scripted statuses.
actor RecordingTransport {
    private(set) var requests: [HTTPRequest] = []
    private var statuses: [HTTPResponse.Status]

    init(statuses: [HTTPResponse.Status] = [.ok]) {
        self.statuses = statuses
    }

    func send(_ request: HTTPRequest) -> (HTTPResponse, HTTPBody?) {
        requests.append(request)
        let status = statuses.count > 1 ? statuses.removeFirst() : statuses[0]
        return (HTTPResponse(status: status), nil)
    }
}

@Suite("AuthorizationMiddleware")
struct AuthorizationMiddlewareTests {
    static let baseURL = URL(string: "https://api.example.com/v1")!

    static func run(
        _ operationID: String,
        session: FixedSession,
        transport: RecordingTransport,
        baseURL: URL = baseURL
    ) async throws -> HTTPResponse {
        let middleware = AuthorizationMiddleware(session: session)
        let (response, _) = try await middleware.intercept(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/stories"),
            body: nil,
            baseURL: baseURL,
            operationID: operationID,
            next: { request, _, _ in await transport.send(request) }
        )
        return response
    }

    @Test(
        "Attaches the bearer token to protected operations", arguments: ["listStories", "getStory", "getCurrentUser"])
    func attachesToken(operationID: String) async throws {
        let transport = RecordingTransport()
        _ = try await Self.run(
            operationID, session: FixedSession(origin: try ServerOrigin(Self.baseURL)), transport: transport)
        #expect(await transport.requests.first?.headerFields[.authorization] == "Bearer token-1")
    }

    @Test("Never attaches a token to public operations", arguments: Array(PublicOperations.operationIDs))
    func skipsPublicOperations(operationID: String) async throws {
        let transport = RecordingTransport()
        _ = try await Self.run(
            operationID, session: FixedSession(origin: try ServerOrigin(Self.baseURL)), transport: transport)
        #expect(await transport.requests.first?.headerFields[.authorization] == nil)
    }

    @Test(
        "Refuses to send the session to another origin",
        arguments: [
            "https://evil.example.com/v1", "http://api.example.com/v1", "https://api.example.com:8443/v1",
            "https://api.example.com/v2",
        ])
    func bindsToOrigin(otherURL: String) async throws {
        let transport = RecordingTransport()
        let session = FixedSession(origin: try ServerOrigin(Self.baseURL))
        await #expect(throws: AuthorizationError.self) {
            try await Self.run("listStories", session: session, transport: transport, baseURL: URL(string: otherURL)!)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test("Does not ask the session about a 403")
    func ignoresForbidden() async throws {
        let transport = RecordingTransport(statuses: [.forbidden])
        let session = FixedSession(origin: try ServerOrigin(Self.baseURL))
        let response = try await Self.run("listStories", session: session, transport: transport)
        #expect(response.status == .forbidden)
        #expect(await session.rejections.isEmpty)
        #expect(await transport.requests.count == 1)
    }

    @Test("Retries a 401 once with the authorisation the session hands back")
    func retriesOnceAfterRejection() async throws {
        let transport = RecordingTransport(statuses: [.unauthorized, .ok])
        let session = FixedSession(
            origin: try ServerOrigin(Self.baseURL),
            retry: BearerAuthorization(accessToken: Secret("token-2"), generation: 2)
        )
        let response = try await Self.run("listStories", session: session, transport: transport)
        #expect(response.status == .ok)
        #expect(
            await transport.requests.map { $0.headerFields[.authorization] } == ["Bearer token-1", "Bearer token-2"])
        #expect(await session.rejections.map(\.generation) == [1])
    }

    @Test("Surfaces the 401 when the session has nothing better")
    func surfacesRejection() async throws {
        let transport = RecordingTransport(statuses: [.unauthorized])
        let response = try await Self.run(
            "listStories",
            session: FixedSession(origin: try ServerOrigin(Self.baseURL)),
            transport: transport
        )
        #expect(response.status == .unauthorized)
        #expect(await transport.requests.count == 1)
    }
}
