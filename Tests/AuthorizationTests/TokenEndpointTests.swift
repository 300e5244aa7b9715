import APIClient
import APIClientTestSupport
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import Authorization

@Suite("TokenEndpoint")
struct TokenEndpointTests {
    static let sentAt = Date(timeIntervalSince1970: 1_800_000_000)

    static func endpoint(_ api: MockAPI) -> TokenEndpoint {
        TokenEndpoint(api: api, clientID: "stories-cli", now: { sentAt })
    }

    @Test("Sends a password grant as a form with the public client id and no secret")
    func sendsPasswordGrant() async throws {
        var api = MockAPI()
        api.createToken = { input in
            guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
            #expect(form.grantType == .password)
            #expect(form.username == "demo")
            #expect(form.password == "pw-12345")
            #expect(form.clientId == "stories-cli")
            #expect(form.refreshToken == nil)
            return .ok(.init(headers: .init(cacheControl: "no-store"), body: .json(.fixture(expiresIn: 900))))
        }
        let grant = try await Self.endpoint(api).requestTokens(
            for: .password(username: "demo", password: Secret("pw-12345")))
        #expect(grant.accessToken == Secret("access-token-0001"))
        #expect(grant.refreshToken == Secret("refresh-token-0001"))
        #expect(grant.issuedAt == Self.sentAt)
        #expect(grant.expiresAt == Self.sentAt.addingTimeInterval(900))
    }

    @Test(
        "Validates token responses",
        arguments: [
            (Components.Schemas.TokenResponse.fixture(tokenType: "bearer"), nil),
            (.fixture(tokenType: "BEARER", refreshToken: nil), nil),
            (.fixture(tokenType: "mac"), "token type mac is not Bearer"),
            (.fixture(accessToken: ""), "the access token is not a valid bearer token"),
            (.fixture(accessToken: "has space"), "the access token is not a valid bearer token"),
            (.fixture(accessToken: "line\r\nInjected: header"), "the access token is not a valid bearer token"),
            (.fixture(refreshToken: ""), "the refresh token is empty"),
        ] as [(Components.Schemas.TokenResponse, String?)])
    func validatesResponses(response: Components.Schemas.TokenResponse, problem: String?) {
        do {
            _ = try TokenEndpoint.validate(response, sentAt: Self.sentAt)
            #expect(problem == nil)
        } catch {
            #expect(error == .malformedResponse(reason: problem ?? "(none expected)"))
        }
    }

    @Test(
        "Treats a missing, negative or absurd lifetime as unknown",
        arguments: [
            (Int64?.none, false), (0, false), (-5, false), (Int64.max, false), (1, true), (3600, true),
        ])
    func interpretsLifetime(expiresIn: Int64?, known: Bool) throws {
        let grant = try TokenEndpoint.validate(.fixture(expiresIn: expiresIn), sentAt: Self.sentAt)
        #expect((grant.expiresAt != nil) == known)
    }

    @Test("Accepts a 64 KiB access token")
    func acceptsLargeTokens() throws {
        let large = String(repeating: "a", count: 64 * 1024)
        let grant = try TokenEndpoint.validate(.fixture(accessToken: large), sentAt: Self.sentAt)
        #expect(grant.accessToken.unredacted.count == 64 * 1024)
    }

    @Test(
        "Maps OAuth error codes by what the caller must do",
        arguments: [
            ("invalid_grant", TokenEndpointError.invalidGrant(description: "d")),
            ("invalid_client", .misconfigured(code: "invalid_client", description: "d")),
            ("unsupported_grant_type", .misconfigured(code: "unsupported_grant_type", description: "d")),
            ("invalid_request", .misconfigured(code: "invalid_request", description: "d")),
            ("temporarily_unavailable", .transient(reason: "temporarily_unavailable", retryAfter: nil)),
        ])
    func mapsOAuthErrors(code: String, expected: TokenEndpointError) async {
        var api = MockAPI()
        api.createToken = { _ in .badRequest(.init(body: .json(.init(error: code, errorDescription: "d")))) }
        await #expect(throws: expected) {
            try await Self.endpoint(api).requestTokens(for: .refreshToken(Secret("r")))
        }
    }

    @Test(
        "Treats throttling, server errors and network failures as transient",
        arguments: [
            (429, "7", TokenEndpointError.transient(reason: "HTTP 429", retryAfter: 7)),
            (503, nil, .transient(reason: "HTTP 503", retryAfter: nil)),
            (
                307, nil,
                .misconfigured(
                    code: "redirect", description: "the token endpoint redirected (HTTP 307), which is never followed")
            ),
        ] as [(Int, String?, TokenEndpointError)])
    func mapsUndocumentedStatus(status: Int, retryAfter: String?, expected: TokenEndpointError) async {
        var api = MockAPI()
        api.createToken = { _ in
            var headers = HTTPFields()
            headers[.retryAfter] = retryAfter
            return .undocumented(statusCode: status, .init(headerFields: headers))
        }
        await #expect(throws: expected) {
            try await Self.endpoint(api).requestTokens(for: .refreshToken(Secret("r")))
        }
    }

    @Test("A network failure is transient")
    func networkFailureIsTransient() async {
        var api = MockAPI()
        api.createToken = { _ in throw APIFailure.unreachable(reason: "connection refused") }
        await #expect(throws: TokenEndpointError.transient(reason: "connection refused", retryAfter: nil)) {
            try await Self.endpoint(api).requestTokens(for: .refreshToken(Secret("r")))
        }
    }

    @Test("Error descriptions never repeat a token the server echoed")
    func sanitisesDescriptions() {
        let echoed = TokenEndpointError.invalidGrant(
            description: "token abcdefghijklmnopqrstuvwxyz0123456789 \u{1B}[31mrevoked")
        let text = echoed.errorDescription ?? ""
        #expect(!text.contains("abcdefghijklmnopqrstuvwxyz0123456789"))
        #expect(!text.contains("\u{1B}"))
    }
}
