import APIClientTestSupport
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import StoriesServerAPI
import Testing

@testable import StoriesServerKit

/// The handlers, called directly with generated inputs.
@Suite("StoriesBackend")
struct StoriesBackendTests {
    let clock = TestEnvironment()

    func backend(stories: Int = 30) async throws -> StoriesBackend {
        let accounts = AccountDirectory(passwordHashCost: 4)
        _ = try await accounts.register(
            username: "demo", password: "demo-password", displayName: "Demo", now: clock.environment.now())
        return StoriesBackend(
            accounts: accounts,
            tokens: TokenAuthority(accessTokenLifetime: 60, refreshTokenLifetime: nil, environment: clock.environment),
            catalog: StoryCatalog(count: stories, newest: clock.environment.now()),
            grants: AuthorizationGrants(configuration: ServerConfiguration(), environment: clock.environment),
            environment: clock.environment,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
    }

    static func tokenRequest(_ form: Components.Schemas.TokenRequest) -> Operations.CreateToken.Input {
        .init(body: .urlEncodedForm(form))
    }

    @Test("The password grant issues a Bearer pair with no-store, and refuses a wrong password with invalid_grant")
    func passwordGrant() async throws {
        let backend = try await backend()
        let ok = try await backend.createToken(
            Self.tokenRequest(
                .init(grantType: .password, username: "demo", password: "demo-password", clientId: "stories-cli"))
        )
        guard case .ok(let issued) = ok, case .json(let body) = issued.body else {
            Issue.record("expected tokens, got \(ok)")
            return
        }
        #expect(issued.headers.cacheControl == "no-store")
        #expect(body.tokenType == "Bearer")
        #expect(body.expiresIn == 60)
        #expect(body.refreshToken != nil)

        let wrong = try await backend.createToken(
            Self.tokenRequest(.init(grantType: .password, username: "demo", password: "nope", clientId: "stories-cli"))
        )
        guard case .badRequest(let refused) = wrong, case .json(let error) = refused.body else {
            Issue.record("expected invalid_grant, got \(wrong)")
            return
        }
        #expect(error.error == "invalid_grant")
    }

    @Test(
        "Token requests with missing fields or another client are refused per RFC 6749 §5.2",
        arguments: [
            (Components.Schemas.TokenRequest(grantType: .password, username: "demo"), "invalid_request"),
            (.init(grantType: .refreshToken), "invalid_request"),
            (.init(grantType: .refreshToken, refreshToken: "never-issued"), "invalid_grant"),
            (
                .init(grantType: .password, username: "demo", password: "demo-password", clientId: "other-app"),
                "invalid_client"
            ),
        ])
    func refusesBadTokenRequests(form: Components.Schemas.TokenRequest, code: String) async throws {
        let output = try await backend().createToken(Self.tokenRequest(form))
        switch output {
        case .badRequest(let response):
            guard case .json(let error) = response.body else {
                Issue.record("not JSON")
                return
            }
            #expect(error.error == code)
        case .unauthorized(let response):
            guard case .json(let error) = response.body else {
                Issue.record("not JSON")
                return
            }
            #expect(error.error == code)
        default:
            Issue.record("expected \(code), got \(output)")
        }
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

    @Test(
        "A refresh within the reuse interval is logged as reuse_within_grace, refusals with their reason, never a token"
    )
    func logsReuseOutcomes() async throws {
        let lines = LogLines()
        let backend = StoriesBackend(
            accounts: try await backend().accounts,
            tokens: TokenAuthority(
                accessTokenLifetime: 60, refreshTokenLifetime: nil, reuseInterval: 10, environment: clock.environment),
            catalog: StoryCatalog(count: 1, newest: clock.environment.now()),
            grants: AuthorizationGrants(configuration: ServerConfiguration(), environment: clock.environment),
            environment: clock.environment,
            logger: Logger(label: "test") { _ in RecordingLogHandler(lines: lines) }
        )
        func grant(_ form: Components.Schemas.TokenRequest) async throws -> String? {
            guard case .ok(let ok) = try await backend.createToken(Self.tokenRequest(form)),
                case .json(let body) = ok.body
            else { return nil }
            return body.refreshToken
        }
        func refresh(_ token: String) async throws -> String? {
            try await grant(.init(grantType: .refreshToken, refreshToken: token))
        }
        let first = try #require(
            try await grant(.init(grantType: .password, username: "demo", password: "demo-password")))
        let lost = try #require(try await refresh(first))
        let again = try #require(try await refresh(first))
        #expect(try await refresh(lost) == nil)
        clock.advance(by: 10)
        #expect(try await refresh(first) == nil)
        #expect(
            lines.all.filter { $0.hasPrefix("token grant_type=refresh_token") } == [
                "token grant_type=refresh_token outcome=issued family=f1",
                "token grant_type=refresh_token outcome=reuse_within_grace family=f1",
                "token grant_type=refresh_token outcome=invalid_grant reason=retired",
                "token grant_type=refresh_token outcome=invalid_grant reason=reused",
            ])
        for token in [first, lost, again] {
            #expect(!lines.all.contains { $0.contains(token) })
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
