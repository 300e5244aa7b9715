import APIClientTestSupport
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import StoriesServerAPI
import Testing

@testable import StoriesServerKit

/// The Stories API's handlers, called directly with generated inputs.
@Suite("StoriesBackend")
struct StoriesBackendTests {
    let clock = TestEnvironment()

    func backend(stories: Int = 30) async throws -> StoriesBackend {
        let accounts = AccountDirectory(passwordHashCost: 4)
        _ = try await accounts.register(
            username: "demo", password: "demo-password", displayName: "Demo", now: clock.environment.now())
        return StoriesBackend(
            accounts: accounts,
            catalog: StoryCatalog(count: stories, newest: clock.environment.now()),
            grants: AuthorizationGrants(configuration: ServerConfiguration(), environment: clock.environment),
            environment: clock.environment,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
    }

    @Test(
        "Registration validates input and refuses a taken name",
        arguments: [
            ("newbie", "long-enough", 201), ("demo", "long-enough", 409), ("ab", "long-enough", 400),
            ("newbie", "short", 400),
        ])
    func registers(username: String, password: String, status: Int) async throws {
        let output = try await backend().registerUser(.init(body: .json(.init(username: username, password: password))))
        switch output {
        case .created: #expect(status == 201)
        case .conflict: #expect(status == 409)
        case .badRequest: #expect(status == 400)
        case .undocumented(let code, _): Issue.record("undocumented \(code)")
        }
    }

    @Test("Protected handlers answer 401 with the RFC 6750 challenge when no user is authenticated")
    func unauthenticated() async throws {
        let output = try await backend().getCurrentUser(.init())
        guard case .unauthorized(let response) = output else {
            Issue.record("expected 401, got \(output)")
            return
        }
        #expect(
            response.headers.wwwAuthenticate
                == #"Bearer error="invalid_token", resource_metadata="http://127.0.0.1:8080/.well-known/oauth-protected-resource/v1""#
        )
    }

    @Test(
        "Lists pages for the authenticated user and refuses out-of-range limits",
        arguments: [
            (Int?.none, 20, 200), (1, 1, 200), (100, 30, 200), (0, 0, 400), (101, 0, 400),
        ])
    func listsStories(limit: Int?, count: Int, status: Int) async throws {
        let backend = try await backend()
        let output = try await AuthenticatedUser.$username.withValue("demo") {
            try await backend.listStories(.init(query: .init(limit: limit)))
        }
        switch output {
        case .ok(let ok):
            guard case .json(let page) = ok.body else {
                Issue.record("not JSON")
                return
            }
            #expect(status == 200)
            #expect(page.items.count == count)
        case .badRequest: #expect(status == 400)
        default: Issue.record("unexpected \(output)")
        }
    }

    @Test(
        "Answers 404 for a story id the catalog does not have, an empty catalog included",
        arguments: [(0, "1"), (0, "0"), (30, "31"), (30, "0")])
    func storyNotFound(stories: Int, id: String) async throws {
        let backend = try await backend(stories: stories)
        let output = try await AuthenticatedUser.$username.withValue("demo") {
            try await backend.getStory(.init(path: .init(storyId: id)))
        }
        guard case .notFound = output else {
            Issue.record("expected 404, got \(output)")
            return
        }
    }

    @Test("The bearer middleware rejects missing, unknown and expired tokens with a challenge")
    func middlewareRejects() async throws {
        let tokens = TokenAuthority(accessTokenLifetime: 60, refreshTokenLifetime: nil, environment: clock.environment)
        let issued = await tokens.issueTokens(for: "demo")
        let middleware = BearerAuthenticationMiddleware(
            verifier: tokens, challenges: BearerChallenges(origin: PublicOrigin("http://127.0.0.1:8080")),
            publicOperationIDs: StoriesBackend.publicOperationIDs)
        func call(_ authorization: String?, operation: String = "listStories") async throws -> HTTPResponse {
            var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/stories")
            request.headerFields[.authorization] = authorization
            let (response, _) = try await middleware.intercept(
                request,
                body: nil,
                metadata: .init(),
                operationID: operation,
                next: { _, _, _ in (HTTPResponse(status: .ok), nil) }
            )
            return response
        }
        #expect(try await call(nil).status == .unauthorized)
        #expect(try await call("Bearer unknown").status == .unauthorized)
        #expect(try await call("Basic abc").status == .unauthorized)
        #expect(try await call("Bearer \(issued.accessToken)").status == .ok)
        #expect(try await call(nil, operation: "getHealth").status == .ok)
        clock.advance(by: 60)
        let expired = try await call("Bearer \(issued.accessToken)")
        #expect(expired.status == .unauthorized)
        #expect(
            expired.headerFields[.wwwAuthenticate]
                == #"Bearer error="invalid_token", resource_metadata="http://127.0.0.1:8080/.well-known/oauth-protected-resource/v1""#
        )
    }
}

@Suite("The server's public operations")
struct ServerPublicOperationsTests {
    @Test("The server lets through without a bearer token exactly the operations the spec does not secure with one")
    func matchesSpec() throws {
        #expect(StoriesBackend.publicOperationIDs == (try OpenAPISpec.operationIDs().withoutBearerToken))
    }
}
