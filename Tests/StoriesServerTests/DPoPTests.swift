import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import RFC9449
import Testing

@testable import StoriesServerKit

/// DPoP (RFC 9449) at the reference server: proofs at the token endpoint and the API, tokens bound to their key, and
/// every way a proof is refused.
@Suite("DPoP")
struct DPoPTests {
    let clock = TestEnvironment()
    let key = DPoPSigningKey()
    static let origin = "http://127.0.0.1:8080"
    static let tokenURI = origin + "/v1/oauth/token"
    static let meURI = origin + "/v1/me"
    static let password: [(String, String)] = [
        ("grant_type", "password"), ("username", "demo"), ("password", "demo-password"), ("client_id", "stories-cli"),
    ]

    func app(
        _ mode: DPoPMode = .optional, introspectionClient: ClientCredentials? = nil,
        logger: Logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    ) async throws -> some ApplicationProtocol {
        try await AuthorizationServerApp.make(
            clock: clock, introspectionClient: introspectionClient, dpop: mode, logger: logger)
    }

    var now: Double { clock.environment.now().timeIntervalSince1970 }

    /// A proof by `key` (this test's unless given) for `htm` `htu`, made now unless `age` says how long ago.
    func proof(
        _ htm: String = "POST", _ htu: String = tokenURI, key: DPoPSigningKey? = nil, age: Double = 0,
        jti: String = UUID().uuidString, accessToken: String? = nil, nonce: String? = nil
    ) -> String {
        (key ?? self.key).proof(
            DPoPProofClaims(
                jti: jti, htm: htm, htu: htu, iat: now - age, ath: accessToken.map(AccessTokenHash.of), nonce: nonce))
    }

    // MARK: the token endpoint

    @Test("A token request with a proof gets DPoP tokens; one without gets bearer tokens, while DPoP is optional")
    func tokenType() async throws {
        try await app().test(.router) { client in
            let bound = try await client.token(Self.password, proofs: [proof()])
            #expect(bound.status == .ok)
            #expect(try bound.json()["token_type"] as? String == "DPoP")
            let bearer = try await client.token(Self.password, proofs: [])
            #expect(try bearer.json()["token_type"] as? String == "Bearer")
        }
    }

    @Test("Introspection reports the key a token is bound to as cnf.jkt, and its type as DPoP")
    func introspection() async throws {
        let resourceServer = IntrospectionEndpointTests.resourceServer
        try await app(introspectionClient: resourceServer).test(.router) { client in
            let token = try await client.token(Self.password, proofs: [proof()]).accessToken()
            let body = try await client.introspect(token).json()
            #expect((body["cnf"] as? [String: Any])?["jkt"] as? String == key.thumbprint)
            #expect(body["token_type"] as? String == "DPoP")
        }
    }

    /// Each way a token request's proof is wrong: every one is 400 `invalid_dpop_proof` and issues nothing.
    static let tokenRefusals: [(name: String, proofs: @Sendable (DPoPTests) -> [String])] = [
        ("not a JWT", { _ in ["not-a-jwt"] }),
        ("for another method", { test in [test.proof("GET")] }),
        ("for another URI", { test in [test.proof("POST", origin + "/v1/oauth/revoke")] }),
        ("for another origin", { test in [test.proof("POST", "https://elsewhere.example/v1/oauth/token")] }),
        ("made 2 minutes ago", { test in [test.proof(age: 120)] }),
        ("made 2 minutes ahead", { test in [test.proof(age: -120)] }),
        ("two DPoP headers", { test in [test.proof(), test.proof()] }),
    ]

    @Test("A token request whose proof is wrong is invalid_dpop_proof", arguments: tokenRefusals.indices)
    func tokenRefusal(index: Int) async throws {
        let proofs = Self.tokenRefusals[index].proofs(self)
        try await app().test(.router) { client in
            let response = try await client.token(Self.password, proofs: proofs)
            #expect(response.status == .badRequest)
            #expect(response.oauthError == "invalid_dpop_proof")
        }
    }

    @Test("A proof is good once: the same proof again is refused")
    func tokenReplay() async throws {
        let proof = proof()
        try await app().test(.router) { client in
            #expect(try await client.token(Self.password, proofs: [proof]).status == .ok)
            let again = try await client.token(Self.password, proofs: [proof])
            #expect(again.oauthError == "invalid_dpop_proof")
        }
    }

    @Test(
        "A DPoP-bound refresh token works only with a proof by its key (RFC 9449 §5), and a refused one spends nothing"
    )
    func refreshBinding() async throws {
        try await app().test(.router) { client in
            let issued = try await client.token(Self.password, proofs: [proof()]).json()
            let refreshToken = try #require(issued["refresh_token"] as? String)
            let refresh = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
            let withoutProof = try await client.token(refresh, proofs: [])
            #expect(withoutProof.oauthError == "invalid_grant")
            let otherKey = try await client.token(refresh, proofs: [proof(key: DPoPSigningKey())])
            #expect(otherKey.oauthError == "invalid_grant")
            let rotated = try await client.token(refresh, proofs: [proof()])
            #expect(rotated.status == .ok)
            #expect(try rotated.json()["token_type"] as? String == "DPoP")
        }
    }

    @Test("A bearer refresh token presented with a proof is answered with tokens bound to the proof's key")
    func refreshUpgrade() async throws {
        try await app().test(.router) { client in
            let issued = try await client.token(Self.password, proofs: []).json()
            let refreshToken = try #require(issued["refresh_token"] as? String)
            let refresh = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
            let rotated = try await client.token(refresh, proofs: [proof()]).json()
            #expect(rotated["token_type"] as? String == "DPoP")
            let next = try #require(rotated["refresh_token"] as? String)
            let withoutProof = try await client.token(
                [("grant_type", "refresh_token"), ("refresh_token", next)], proofs: [])
            #expect(withoutProof.oauthError == "invalid_grant")
        }
    }

    // MARK: the API

    @Test("A DPoP-bound token works with its scheme and a proof for the request, query or not")
    func resourceAccepted() async throws {
        try await app().test(.router) { client in
            let token = try await client.token(Self.password, proofs: [proof()]).accessToken()
            let me = try await client.resource(
                "/v1/me", token: token, scheme: "DPoP", proofs: [proof("GET", Self.meURI, accessToken: token)])
            #expect(me.status == .ok)
            let stories = try await client.resource(
                "/v1/stories?limit=1", token: token, scheme: "DPoP",
                proofs: [proof("GET", Self.origin + "/v1/stories", accessToken: token)])
            #expect(stories.status == .ok)
        }
    }

    @Test("A stolen DPoP-bound access token sent as a bearer token is refused (RFC 9449 §7.2)")
    func bearerRefused() async throws {
        try await app().test(.router) { client in
            let token = try await client.token(Self.password, proofs: [proof()]).accessToken()
            let me = try await client.resource("/v1/me", token: token, scheme: "Bearer", proofs: [])
            #expect(me.status == .unauthorized)
            #expect(me.headers[values: .wwwAuthenticate].contains { $0.hasPrefix(#"Bearer error="invalid_token""#) })
        }
    }

    /// Each way an API request's proof is wrong: every one is 401 with `DPoP error="invalid_dpop_proof"`.
    static let resourceRefusals: [(name: String, proofs: @Sendable (DPoPTests, String) -> [String])] = [
        ("no proof", { _, _ in [] }),
        ("not a JWT", { _, _ in ["a.b.c"] }),
        ("two proofs", { test, token in Array(repeating: test.proof("GET", meURI, accessToken: token), count: 2) }),
        ("for another method", { test, token in [test.proof("POST", meURI, accessToken: token)] }),
        ("for another path", { test, token in [test.proof("GET", origin + "/v1/stories", accessToken: token)] }),
        ("without ath", { test, _ in [test.proof("GET", meURI)] }),
        ("with another token's ath", { test, _ in [test.proof("GET", meURI, accessToken: "other")] }),
        ("made 2 minutes ago", { test, token in [test.proof("GET", meURI, age: 120, accessToken: token)] }),
        ("by another key", { test, token in [test.proof("GET", meURI, key: DPoPSigningKey(), accessToken: token)] }),
    ]

    @Test("An API request whose proof is wrong is refused with invalid_dpop_proof", arguments: resourceRefusals.indices)
    func resourceRefusal(index: Int) async throws {
        let lines = LogLines()
        try await app(logger: Logger(label: "test") { _ in RecordingLogHandler(lines: lines) }).test(.router) {
            client in
            let token = try await client.token(Self.password, proofs: [proof()]).accessToken()
            let me = try await client.resource(
                "/v1/me", token: token, scheme: "DPoP", proofs: Self.resourceRefusals[index].proofs(self, token))
            #expect(me.status == .unauthorized)
            #expect(
                me.headers[values: .wwwAuthenticate].contains {
                    $0.hasPrefix(#"DPoP error="invalid_dpop_proof", algs="ES256""#)
                })
            #expect(lines.all.contains { $0.contains("dpop outcome=refused") })
            #expect(!lines.all.contains { $0.contains(token) })
        }
    }

    @Test("The same proof twice at the API: the second is refused")
    func resourceReplay() async throws {
        try await app().test(.router) { client in
            let token = try await client.token(Self.password, proofs: [proof()]).accessToken()
            let proof = proof("GET", Self.meURI, accessToken: token)
            #expect(try await client.resource("/v1/me", token: token, scheme: "DPoP", proofs: [proof]).status == .ok)
            let again = try await client.resource("/v1/me", token: token, scheme: "DPoP", proofs: [proof])
            #expect(again.status == .unauthorized)
        }
    }

    @Test("A bearer token sent with the DPoP scheme is refused: that scheme is for bound tokens")
    func unboundWithDPoPScheme() async throws {
        try await app().test(.router) { client in
            let token = try await client.token(Self.password, proofs: []).accessToken()
            let me = try await client.resource(
                "/v1/me", token: token, scheme: "DPoP", proofs: [proof("GET", Self.meURI, accessToken: token)])
            #expect(me.status == .unauthorized)
        }
    }

    // MARK: modes

    @Test("With DPoP required: no proof, or a proof without the server's nonce, is refused; with the nonce it works")
    func required() async throws {
        try await app(.required).test(.router) { client in
            let withoutProof = try await client.token(Self.password, proofs: [])
            #expect(withoutProof.oauthError == "invalid_dpop_proof")
            let withoutNonce = try await client.token(Self.password, proofs: [proof()])
            #expect(withoutNonce.status == .badRequest)
            #expect(withoutNonce.oauthError == "use_dpop_nonce")
            let nonce = try #require(withoutNonce.headers[.dpopNonce])
            let issued = try await client.token(Self.password, proofs: [proof(nonce: nonce)])
            #expect(issued.status == .ok)
            #expect(issued.headers[.dpopNonce] == nonce)
            let token = try issued.accessToken()

            let noNonce = try await client.resource(
                "/v1/me", token: token, scheme: "DPoP", proofs: [proof("GET", Self.meURI, accessToken: token)])
            #expect(noNonce.status == .unauthorized)
            #expect(
                noNonce.headers[values: .wwwAuthenticate] == [
                    #"DPoP error="use_dpop_nonce", algs="ES256", resource_metadata="http://127.0.0.1:8080/.well-known/oauth-protected-resource/v1""#
                ])
            #expect(noNonce.headers[.dpopNonce] == nonce)
            let me = try await client.resource(
                "/v1/me", token: token, scheme: "DPoP",
                proofs: [proof("GET", Self.meURI, accessToken: token, nonce: nonce)])
            #expect(me.status == .ok)
        }
    }

    @Test("Nonces change every 5 minutes; the one before is still taken, the one before that is use_dpop_nonce")
    func nonceRotation() async throws {
        try await app(.required).test(.router) { client in
            let first = try #require(try await client.token(Self.password, proofs: []).headers[.dpopNonce])
            clock.advance(by: 301)
            #expect(try await client.token(Self.password, proofs: [proof(nonce: first)]).status == .ok)
            clock.advance(by: 301)
            let stale = try await client.token(Self.password, proofs: [proof(nonce: first)])
            #expect(stale.oauthError == "use_dpop_nonce")
        }
    }

    @Test(
        "The metadata advertises ES256 unless DPoP is off, and the API's 401 challenges follow the mode",
        arguments: [
            (DPoPMode.optional, ["ES256"] as [String]?, ["Bearer", "DPoP"]),
            (.required, ["ES256"], ["DPoP"]),
            (.off, nil, ["Bearer"]),
        ])
    func advertised(mode: DPoPMode, algorithms: [String]?, schemes: [String]) async throws {
        try await app(mode).test(.router) { client in
            let metadata = try await client.get("/.well-known/oauth-authorization-server").json()
            #expect(metadata["dpop_signing_alg_values_supported"] as? [String] == algorithms)
            let resource = try await client.get("/.well-known/oauth-protected-resource/v1").json()
            #expect(resource["dpop_signing_alg_values_supported"] as? [String] == algorithms)
            #expect(resource["dpop_bound_access_tokens_required"] as? Bool == (mode == .required ? true : nil))
            let me = try await client.get("/v1/me")
            #expect(me.headers[values: .wwwAuthenticate].map { String($0.prefix { $0 != " " }) } == schemes)
        }
    }

    @Test("With DPoP off a proof is ignored: the tokens are bearer tokens")
    func off() async throws {
        try await app(.off).test(.router) { client in
            let issued = try await client.token(Self.password, proofs: ["not-a-jwt"])
            #expect(try issued.json()["token_type"] as? String == "Bearer")
        }
    }

    // MARK: the replay cache

    @Test("The replay cache is bounded per address: a client flooding it pushes out only its own proofs")
    func replayCacheBounded() async {
        let cache = DPoPReplayCache(perAddress: 2, capacity: 10, environment: clock.environment)
        let later = clock.environment.now().addingTimeInterval(60)
        let victim = ClientAddress(text: "10.0.0.1")
        let flooder = ClientAddress(text: "10.0.0.2")
        #expect(await cache.firstUse(jti: "v", keyThumbprint: "k1", forgetAt: later, from: victim))
        for index in 0..<100 {
            _ = await cache.firstUse(jti: "f\(index)", keyThumbprint: "k2", forgetAt: later, from: flooder)
        }
        #expect(await cache.count == 3)
        #expect(await !cache.firstUse(jti: "v", keyThumbprint: "k1", forgetAt: later, from: victim))
        clock.advance(by: 61)
        #expect(
            await cache.firstUse(jti: "x", keyThumbprint: "k1", forgetAt: later.addingTimeInterval(61), from: victim))
        #expect(await cache.count == 1)
    }
}

extension TestClientProtocol {
    /// POSTs `fields` to the token endpoint with a `DPoP` header for each of `proofs`.
    func token(_ fields: [(String, String)], proofs: [String]) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        for proof in proofs { headers.append(HTTPField(name: .dpop, value: proof)) }
        return try await execute(
            uri: "/v1/oauth/token", method: .post, headers: headers,
            body: ByteBuffer(string: FormURLEncoding.query(fields)))
    }

    /// GETs `uri` with `Authorization: <scheme> <token>` and a `DPoP` header for each of `proofs`.
    func resource(_ uri: String, token: String, scheme: String, proofs: [String]) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "\(scheme) \(token)"]
        for proof in proofs { headers.append(HTTPField(name: .dpop, value: proof)) }
        return try await execute(uri: uri, method: .get, headers: headers)
    }
}

extension TestResponse {
    func accessToken() throws -> String {
        guard let token = try json()["access_token"] as? String else { throw MissingPart(part: "access_token") }
        return token
    }
}
