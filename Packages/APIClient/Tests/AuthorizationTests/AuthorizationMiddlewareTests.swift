import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import Authorization

@Suite("AuthorizationMiddleware")
struct AuthorizationMiddlewareTests {
    static let baseURL = URL(string: "https://api.example.com/v1")!

    static func run(
        _ operationID: String,
        session: ScriptedSession,
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
            operationID, session: ScriptedSession(origin: try ServerOrigin(Self.baseURL)), transport: transport)
        #expect(await transport.requests.first?.headerFields[.authorization] == "Bearer token-1")
    }

    @Test("Never attaches a token to public operations", arguments: Array(PublicOperations.operationIDs))
    func skipsPublicOperations(operationID: String) async throws {
        let transport = RecordingTransport()
        _ = try await Self.run(
            operationID, session: ScriptedSession(origin: try ServerOrigin(Self.baseURL)), transport: transport)
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
        let session = ScriptedSession(origin: try ServerOrigin(Self.baseURL))
        await #expect(throws: AuthorizationError.self) {
            try await Self.run("listStories", session: session, transport: transport, baseURL: URL(string: otherURL)!)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test("Does not ask the session about a 403")
    func ignoresForbidden() async throws {
        let transport = RecordingTransport(statuses: [.forbidden])
        let session = ScriptedSession(origin: try ServerOrigin(Self.baseURL))
        let response = try await Self.run("listStories", session: session, transport: transport)
        #expect(response.status == .forbidden)
        #expect(await session.rejections.isEmpty)
        #expect(await transport.requests.count == 1)
    }

    @Test("Retries a 401 once with the authorisation the session hands back")
    func retriesOnceAfterRejection() async throws {
        let transport = RecordingTransport(statuses: [.unauthorized, .ok])
        let session = ScriptedSession(
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
            session: ScriptedSession(origin: try ServerOrigin(Self.baseURL)),
            transport: transport
        )
        #expect(response.status == .unauthorized)
        #expect(await transport.requests.count == 1)
    }
}

@Suite("AuthorizationMiddleware body replay")
struct AuthorizationMiddlewareReplayTests {
    /// Collects each body the transport is handed, then answers 401 to the first attempt and 200 after.
    actor BodyRecorder {
        private(set) var bodies: [[UInt8]] = []

        func send(_ request: HTTPRequest, _ body: HTTPBody?) async throws -> (HTTPResponse, HTTPBody?) {
            var bytes: [UInt8] = []
            if let body { bytes = try await [UInt8](collecting: body, upTo: 4 << 20) }
            bodies.append(bytes)
            return (HTTPResponse(status: bodies.count == 1 ? .unauthorized : .ok), nil)
        }
    }

    static func send(_ body: HTTPBody, replayLimit: Int) async throws -> (HTTPResponse, [[UInt8]]) {
        let recorder = BodyRecorder()
        let session = ScriptedSession(
            origin: try ServerOrigin(AuthorizationMiddlewareTests.baseURL),
            retry: BearerAuthorization(accessToken: Secret("token-2"), generation: 2)
        )
        let (response, _) = try await AuthorizationMiddleware(session: session, replayLimit: replayLimit).intercept(
            HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/stories"),
            body: body,
            baseURL: AuthorizationMiddlewareTests.baseURL,
            operationID: "listStories",
            next: { request, body, _ in try await recorder.send(request, body) }
        )
        return (response, await recorder.bodies)
    }

    /// A body that can be read once, like a streamed upload.
    static func singlePass(_ bytes: [UInt8], knownLength: Bool) -> HTTPBody {
        let stream = AsyncStream<ArraySlice<UInt8>> { continuation in
            continuation.yield(ArraySlice(bytes))
            continuation.finish()
        }
        return HTTPBody(stream, length: knownLength ? .known(Int64(bytes.count)) : .unknown, iterationBehavior: .single)
    }

    @Test("Replays a single-pass body at or below the cap after a 401")
    func replaysSmallBody() async throws {
        let payload = [UInt8](repeating: 7, count: 1_024)
        let (response, bodies) = try await Self.send(Self.singlePass(payload, knownLength: true), replayLimit: 1_024)
        #expect(response.status == .ok)
        #expect(bodies == [payload, payload])
    }

    @Test("Sends a body above the cap once and surfaces the 401", arguments: [true, false])
    func doesNotReplayLargeBody(knownLength: Bool) async throws {
        let payload = [UInt8](repeating: 7, count: 1_025)
        let (response, bodies) = try await Self.send(
            Self.singlePass(payload, knownLength: knownLength),
            replayLimit: 1_024
        )
        #expect(response.status == .unauthorized)
        #expect(bodies == [payload])
    }

    @Test("Reuses a multi-pass body of any size")
    func reusesMultiPassBody() async throws {
        let payload = [UInt8](repeating: 1, count: 4_096)
        let (response, bodies) = try await Self.send(HTTPBody(payload), replayLimit: 16)
        #expect(response.status == .ok)
        #expect(bodies == [payload, payload])
    }

    @Test("A token the session has at hand is attached without waiting for the session")
    func attachesTokenAtHand() async throws {
        let session = ScriptedSession(origin: try ServerOrigin(AuthorizationMiddlewareTests.baseURL), atHand: true)
        let transport = RecordingTransport()
        _ = try await AuthorizationMiddlewareTests.run("listStories", session: session, transport: transport)
        #expect(await transport.requests.first?.headerFields[.authorization] == "Bearer token-1")
        #expect(await session.waits == 0)
    }

    @Test(
        "Refreshes only for 401s that blame the token",
        arguments: [
            (nil, true), (#"Bearer error="invalid_token""#, true), (#"Bearer realm="x""#, true),
            (#"Bearer error="insufficient_scope""#, false), (#"Bearer error="invalid_request""#, false),
        ] as [(String?, Bool)])
    func readsChallenge(challenge: String?, blamesToken: Bool) {
        var response = HTTPResponse(status: .unauthorized)
        response.headerFields[.wwwAuthenticate] = challenge
        #expect(AuthorizationMiddleware.blamesToken(response) == blamesToken)
    }
}

@Suite("AuthorizationMiddleware with a real session")
struct AuthorizationMiddlewareSessionTests {
    @Test("A server that rejects every token causes a bounded number of refreshes and a clear error")
    func alwaysUnauthorizedIsBounded() async throws {
        let fixture = try await SessionFixture()
        let middleware = AuthorizationMiddleware(session: fixture.coordinator)
        var lastError: (any Error)?
        var unauthorizedResponses = 0
        for _ in 0..<20 {
            do {
                let (response, _) = try await middleware.intercept(
                    HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/stories"),
                    body: nil,
                    baseURL: URL(string: "https://api.example.com/v1")!,
                    operationID: "listStories",
                    next: { _, _, _ in (HTTPResponse(status: .unauthorized), nil) }
                )
                if response.status == .unauthorized { unauthorizedResponses += 1 }
            } catch {
                lastError = error
                break
            }
        }
        #expect(fixture.endpoint.requestCount == RefreshPolicy().maximumRejectedFreshTokens)
        #expect(unauthorizedResponses == RefreshPolicy().maximumRejectedFreshTokens)
        #expect(lastError as? AuthorizationError == .excessiveRefresh(count: 5, window: .seconds(30)))
    }

    @Test("A 403 never refreshes")
    func forbiddenDoesNotRefresh() async throws {
        let fixture = try await SessionFixture()
        let (response, _) = try await AuthorizationMiddleware(session: fixture.coordinator).intercept(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/stories"),
            body: nil,
            baseURL: URL(string: "https://api.example.com/v1")!,
            operationID: "listStories",
            next: { _, _, _ in (HTTPResponse(status: .forbidden), nil) }
        )
        #expect(response.status == .forbidden)
        #expect(fixture.endpoint.requestCount == 0)
    }
}
