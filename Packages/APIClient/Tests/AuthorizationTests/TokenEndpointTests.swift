import APIClientTestSupport
import AuthorizationServerClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

import enum APIClient.APIFailure
import struct APIClient.ResponseTooLarge
import struct APIClient.RetryAfter

@testable import Authorization

@Suite("TokenEndpoint")
struct TokenEndpointTests {
    static let sentAt = Date(timeIntervalSince1970: 1_800_000_000)

    static func endpoint(_ api: MockAuthorizationServerAPI) -> TokenEndpoint {
        TokenEndpoint(api: api, clientID: "stories-cli", now: { sentAt })
    }

    @Test("Sends a password grant as a form with the public client id and no secret")
    func sendsPasswordGrant() async throws {
        var api = MockAuthorizationServerAPI()
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
            for: .password(username: "demo", password: Secret("pw-12345")), at: .fixture())
        #expect(grant.accessToken == Secret("access-token-0001"))
        #expect(grant.refreshToken == Secret("refresh-token-0001"))
        #expect(grant.issuedAt == Self.sentAt)
        #expect(grant.expiresAt == Self.sentAt.addingTimeInterval(900))
    }

    @Test("Sends an authorization code grant with the redirect URI, the PKCE verifier and the public client id")
    func sendsAuthorizationCodeGrant() async throws {
        var api = MockAuthorizationServerAPI()
        api.createToken = { input in
            guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
            #expect(form.grantType == .authorizationCode)
            #expect(form.code == "code-1")
            #expect(form.redirectUri == "http://127.0.0.1:5123/callback")
            #expect(form.codeVerifier == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
            #expect(form.clientId == "stories-cli")
            #expect(form.username == nil && form.password == nil && form.refreshToken == nil && form.deviceCode == nil)
            return .ok(.init(headers: .init(cacheControl: "no-store"), body: .json(.fixture(expiresIn: 900))))
        }
        let grant = try await Self.endpoint(api).exchangeAuthorizationCode(
            Secret("code-1"), redirectURI: "http://127.0.0.1:5123/callback",
            codeVerifier: Secret("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"), at: .fixture())
        #expect(grant.accessToken == Secret("access-token-0001"))
        #expect(grant.expiresAt == Self.sentAt.addingTimeInterval(900))
    }

    @Test(
        "Validates token responses",
        arguments: [
            (Components.Schemas.TokenResponse.fixture(tokenType: "bearer"), nil),
            (.fixture(tokenType: "BEARER", refreshToken: nil), nil),
            (.fixture(tokenType: "mac"), .notBearer),
            (.fixture(accessToken: ""), .invalidAccessToken),
            (.fixture(accessToken: "has space"), .invalidAccessToken),
            (.fixture(accessToken: "line\r\nInjected: header"), .invalidAccessToken),
            (.fixture(refreshToken: ""), .emptyRefreshToken),
        ] as [(Components.Schemas.TokenResponse, TokenResponseProblem?)])
    func validatesResponses(response: Components.Schemas.TokenResponse, problem: TokenResponseProblem?) {
        do {
            _ = try TokenEndpoint.validate(response, sentAt: Self.sentAt)
            #expect(problem == nil)
        } catch {
            #expect(error == .malformedResponse(problem ?? .notJSON))
        }
    }

    @Test(
        "Treats a missing, non-positive, fractional, non-finite or over-a-year lifetime as unknown",
        arguments: [
            (Double?.none, nil), (0, nil), (-1, nil), (-5, nil), (1.5, nil), (1e30, nil), (.infinity, nil), (.nan, nil),
            (Double(Int64.max), nil), (367 * 86_400, nil), (1, 1), (3600, 3600), (366 * 86_400, 366 * 86_400),
        ] as [(Double?, TimeInterval?)])
    func interpretsLifetime(expiresIn: Double?, lifetime: TimeInterval?) {
        #expect(TokenEndpoint.lifetime(expiresIn) == lifetime)
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
            ("temporarily_unavailable", .unavailable(status: 400, retryAfter: nil)),
            ("server_error", .unavailable(status: 400, retryAfter: nil)),
        ])
    func mapsOAuthErrors(code: String, expected: TokenEndpointError) async {
        var api = MockAuthorizationServerAPI()
        api.createToken = { _ in .badRequest(.init(body: .json(.init(error: code, errorDescription: "d")))) }
        await #expect(throws: expected) {
            try await Self.endpoint(api).requestTokens(for: .refreshToken(Secret("r")), at: .fixture())
        }
    }

    @Test(
        "invalid_grant with Retry-After is a throttled attempt with its delay; without it, or unreadable, a refusal",
        arguments: [
            ("120", TokenEndpointError.throttled(retryAfter: RetryAfter(delay: .seconds(120)))),
            (nil, .invalidGrant(description: "Too many attempts. Try again in 120 seconds.")),
            ("soon", .invalidGrant(description: "Too many attempts. Try again in 120 seconds.")),
        ] as [(String?, TokenEndpointError)])
    func throttledPasswordGrant(retryAfter: String?, expected: TokenEndpointError) async {
        var api = MockAuthorizationServerAPI()
        api.createToken = { _ in
            .badRequest(
                .init(
                    headers: .init(retryAfter: retryAfter),
                    body: .json(
                        .init(
                            error: "invalid_grant", errorDescription: "Too many attempts. Try again in 120 seconds."))))
        }
        await #expect(throws: expected) {
            try await Self.endpoint(api).requestTokens(
                for: .password(username: "demo", password: Secret("demo-password")), at: .fixture())
        }
    }

    @Test(
        "A secret the request sent is cut out of the server's error code and description, wherever it stands",
        arguments: [
            (
                TokenEndpoint.Grant.password(username: "demo", password: Secret("correct horse battery staple")),
                "correct horse battery staple"
            ),
            (.password(username: "demo", password: Secret("Tr0ub4dor&3")), "Tr0ub4dor&3"),
            (.refreshToken(Secret("rt-0123")), "rt-0123"),
            (.deviceCode(Secret("dc-0123")), "dc-0123"),
            (
                .authorizationCode(
                    code: Secret("code-0123"), redirectURI: "http://127.0.0.1:1/cb", codeVerifier: Secret("v")),
                "code-0123"
            ),
        ] as [(TokenEndpoint.Grant, String)])
    func withholdsEchoedSecrets(grant: TokenEndpoint.Grant, secret: String) async {
        for code in ["invalid_grant", "invalid_request", "bad \(secret)"] {
            var api = MockAuthorizationServerAPI()
            api.createToken = { _ in
                .badRequest(.init(body: .json(.init(error: code, errorDescription: "'\(secret)' rejected; \(secret)"))))
            }
            do {
                _ = try await Self.endpoint(api).requestTokens(for: grant, at: .fixture())
                Issue.record("the request succeeded")
            } catch {
                let text = String(describing: error)
                #expect(!text.contains(secret), "\(text)")
                #expect(text.contains("rejected"), "\(text)")
            }
        }
    }

    @Test(
        "Withholding cuts whole words only, and never a registered code a caller acts on",
        arguments: [
            ("a", "invalid_request", "bad password: a", "invalid_request", "bad password: <redacted>"),
            ("v", "invalid_grant", "invalid verifier v.", "invalid_grant", "invalid verifier <redacted>."),
            ("pending", "authorization_pending", "still pending", "authorization_pending", "still <redacted>"),
            ("dc-1", "custom dc-1", "dc-10 is not dc-1", "custom <redacted>", "dc-10 is not <redacted>"),
        ])
    func withholdsWholeWords(secret: String, code: String, description: String, cutCode: String, cutText: String) {
        let cut = TokenEndpointError.misconfigured(code: code, description: description).withholding([secret])
        #expect(cut == .misconfigured(code: cutCode, description: cutText))
    }

    @Test(
        "Treats throttling and server errors as unavailable with a parsed Retry-After, anything else as unusable",
        arguments: [
            (429, "7", TokenEndpointError.unavailable(status: 429, retryAfter: RetryAfter(delay: .seconds(7)))),
            (503, nil, .unavailable(status: 503, retryAfter: nil)),
            (503, "inf", .unavailable(status: 503, retryAfter: nil)),
            (503, "nan", .unavailable(status: 503, retryAfter: nil)),
            (503, "1e20", .unavailable(status: 503, retryAfter: nil)),
            (503, "99999999999", .unavailable(status: 503, retryAfter: RetryAfter(delay: RetryAfter.maximumDelay))),
            (500, nil, .unavailable(status: 500, retryAfter: nil)),
            (307, nil, .malformedResponse(.unexpectedStatus(307))),
            (404, nil, .malformedResponse(.unexpectedStatus(404))),
        ] as [(Int, String?, TokenEndpointError)])
    func mapsUndocumentedStatus(status: Int, retryAfter: String?, expected: TokenEndpointError) async {
        var api = MockAuthorizationServerAPI()
        api.createToken = { _ in
            var headers = HTTPFields()
            headers[.retryAfter] = retryAfter
            return .undocumented(statusCode: status, .init(headerFields: headers))
        }
        await #expect(throws: expected) {
            try await Self.endpoint(api).requestTokens(for: .refreshToken(Secret("r")), at: .fixture())
        }
    }

    @Test("A network failure keeps its kind")
    func networkFailureKeepsItsKind() async {
        var api = MockAuthorizationServerAPI()
        api.createToken = { _ in throw APIFailure.unreachable(.connectionRefused) }
        await #expect(throws: TokenEndpointError.unreachable(.connectionRefused)) {
            try await Self.endpoint(api).requestTokens(for: .refreshToken(Secret("r")), at: .fixture())
        }
    }

    @Test("A body over the token response limit is an unusable answer, not a network failure")
    func tooLargeIsMalformed() async {
        var api = MockAuthorizationServerAPI()
        api.createToken = { _ in throw ResponseTooLarge(operationID: "createToken", limit: 1024) }
        await #expect(throws: TokenEndpointError.malformedResponse(.tooLarge(limit: 1024))) {
            try await Self.endpoint(api).requestTokens(for: .refreshToken(Secret("r")), at: .fixture())
        }
    }

    @Test(
        "A token-endpoint failure that reaches a caller through the generated client keeps its kind",
        arguments: [
            (
                TokenEndpointError.insecureTransport(origin: "http://example.test:80/v1"),
                APIFailure.insecureTransport(origin: "http://example.test:80/v1")
            ),
            (.unreachable(.connectionRefused), .unreachable(.connectionRefused)),
            (.unavailable(status: 503, retryAfter: nil), .unavailable(status: 503, retryAfter: nil)),
        ])
    func classification(error: TokenEndpointError, failure: APIFailure) {
        #expect(APIFailure(classifying: error) == failure)
    }
}

@Suite("TokenEndpoint at an authorization server's endpoints")
struct TokenEndpointRoutingTests {
    static let server = AuthorizationServer(
        issuer: "https://login.example.net/v1", tokenEndpoint: URL(string: "https://login.example.net/v1/token")!,
        deviceAuthorizationEndpoint: URL(string: "https://login.example.net/v1/device/auth")!,
        revocationEndpoint: URL(string: "https://login.example.net/v1/token/revocation")!,
        resource: "https://api.example.com/v1")

    /// A token endpoint whose client for each server is `api`, recording the servers asked for.
    static func endpoint(_ api: MockAuthorizationServerAPI, servers: ServersAsked) -> TokenEndpoint {
        TokenEndpoint(clientID: "stories-cli", now: { Date(timeIntervalSince1970: 1_800_000_000) }) { server in
            servers.append(server)
            return api
        }
    }

    final class ServersAsked: Sendable {
        private let servers = Mutex<[AuthorizationServer]>([])
        func append(_ server: AuthorizationServer) { servers.withLock { $0.append(server) } }
        var all: [AuthorizationServer] { servers.withLock { $0 } }
    }

    @Test("Every token and device authorization request carries the server's resource indicator (RFC 8707)")
    func sendsResource() async throws {
        var api = MockAuthorizationServerAPI()
        api.createToken = { input in
            guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
            #expect(form.resource == "https://api.example.com/v1")
            return .ok(.init(body: .json(.fixture(expiresIn: 900))))
        }
        api.createDeviceAuthorization = { input in
            guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
            #expect(form.resource == "https://api.example.com/v1")
            return .ok(
                .init(
                    body: .json(
                        .init(
                            deviceCode: "d", userCode: "U", verificationUri: "https://login.example.net/device",
                            expiresIn: 600))))
        }
        let servers = ServersAsked()
        let endpoint = Self.endpoint(api, servers: servers)
        _ = try await endpoint.requestTokens(for: .refreshToken(Secret("r")), at: Self.server)
        _ = try await endpoint.requestTokens(for: .password(username: "u", password: Secret("p")), at: Self.server)
        _ = try await endpoint.requestTokens(for: .deviceCode(Secret("d")), at: Self.server)
        _ = try await endpoint.exchangeAuthorizationCode(
            Secret("c"), redirectURI: "http://127.0.0.1:1/callback",
            codeVerifier: Secret(String(repeating: "v", count: 43)),
            at: Self.server)
        _ = try await endpoint.requestDeviceAuthorization(scope: nil, at: Self.server)
        #expect(servers.all == Array(repeating: Self.server, count: 5))
    }

    @Test("Without a resource indicator, none is sent")
    func noResource() async throws {
        var api = MockAuthorizationServerAPI()
        api.createToken = { input in
            guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
            #expect(form.resource == nil)
            return .ok(.init(body: .json(.fixture(expiresIn: 900))))
        }
        var server = Self.server
        server.resource = nil
        _ = try await Self.endpoint(api, servers: ServersAsked()).requestTokens(
            for: .refreshToken(Secret("r")), at: server)
    }

    @Test("A server that publishes no device authorization or revocation endpoint is told, and nothing is sent")
    func unpublishedEndpoints() async throws {
        var server = Self.server
        server.deviceAuthorizationEndpoint = nil
        server.revocationEndpoint = nil
        let servers = ServersAsked()
        let endpoint = Self.endpoint(MockAuthorizationServerAPI(), servers: servers)
        await #expect(throws: TokenEndpointError.notPublished(.deviceAuthorization)) {
            try await endpoint.requestDeviceAuthorization(scope: nil, at: server)
        }
        await #expect(throws: TokenEndpointError.notPublished(.revocation)) {
            try await endpoint.revoke(.refreshToken(Secret("r")), at: server)
        }
        #expect(servers.all.isEmpty)
    }

    enum Request: CaseIterable {
        case token, deviceAuthorization, revocation
    }

    @Test("Nothing is sent to an endpoint over plain HTTP to another machine", arguments: Request.allCases)
    func refusesInsecureEndpoint(request: Request) async throws {
        var server = Self.server
        let insecure = URL(string: "http://login.example.net/v1/endpoint")!
        let servers = ServersAsked()
        let endpoint = Self.endpoint(MockAuthorizationServerAPI(), servers: servers)
        let refused = TokenEndpointError.insecureTransport(origin: "http://login.example.net")
        switch request {
        case .token:
            server.tokenEndpoint = insecure
            await #expect(throws: refused) {
                try await endpoint.requestTokens(for: .refreshToken(Secret("r")), at: server)
            }
        case .deviceAuthorization:
            server.deviceAuthorizationEndpoint = insecure
            await #expect(throws: refused) { try await endpoint.requestDeviceAuthorization(scope: nil, at: server) }
        case .revocation:
            server.revocationEndpoint = insecure
            await #expect(throws: refused) { try await endpoint.revoke(.refreshToken(Secret("r")), at: server) }
        }
        #expect(servers.all.isEmpty)
    }
}
