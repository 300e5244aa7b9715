import AuthorizationServerAPI
import Foundation
import Logging
import OpenAPIRuntime
import Testing

@testable import StoriesServerKit

/// The authorization server's token endpoint, called directly with generated inputs.
@Suite("AuthorizationServerBackend")
struct AuthorizationServerBackendTests {
    let clock = TestEnvironment()

    func backend() async throws -> AuthorizationServerBackend {
        let accounts = AccountDirectory(passwordHashCost: 4)
        _ = try await accounts.register(
            username: "demo", password: "demo-password", displayName: "Demo", now: clock.environment.now())
        return AuthorizationServerBackend(
            accounts: accounts,
            tokens: TokenAuthority(accessTokenLifetime: 60, refreshTokenLifetime: nil, environment: clock.environment),
            grants: AuthorizationGrants(configuration: ServerConfiguration(), environment: clock.environment),
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
        "A refresh within the reuse interval is logged as reuse_within_grace, refusals with their reason, never a token"
    )
    func logsReuseOutcomes() async throws {
        let lines = LogLines()
        let backend = AuthorizationServerBackend(
            accounts: try await backend().accounts,
            tokens: TokenAuthority(
                accessTokenLifetime: 60, refreshTokenLifetime: nil, reuseInterval: 10, environment: clock.environment),
            grants: AuthorizationGrants(configuration: ServerConfiguration(), environment: clock.environment),
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
}
