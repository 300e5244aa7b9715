import APIClientTestSupport
import AuthorizationServerClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import RFC7636
import RFC9449
import Synchronization
import Testing

@testable import Authorization

/// The client's side of DPoP (RFC 9449): proofs on token requests and API calls, nonces, and the choice of DPoP or
/// Bearer from the authorization server's metadata.
@Suite("DPoP, the client")
struct DPoPClientTests {
    static let sentAt = Date(timeIntervalSince1970: 1_800_000_000)
    static let tokenEndpointURL = URL(string: "https://as.example/v1/oauth/token?unused=1")!

    /// A proof maker on a fixed clock whose `jti`s are `jti-1`, `jti-2`, …
    static func proofing(nonces: DPoPNonceCache = DPoPNonceCache()) -> DPoPProofing {
        let counter = Mutex(0)
        return DPoPProofing(
            now: { sentAt },
            makeID: {
                counter.withLock {
                    $0 += 1
                    return "jti-\($0)"
                }
            }, nonces: nonces)
    }

    static func server(dpop algorithms: [String]) -> AuthorizationServer {
        AuthorizationServer(
            issuer: "https://as.example", tokenEndpoint: tokenEndpointURL, deviceAuthorizationEndpoint: nil,
            revocationEndpoint: nil, resource: nil, dpopSigningAlgorithms: algorithms)
    }

    /// A token endpoint whose answers `answer` scripts from the proof each request carried (`nil`: none).
    static func endpoint(
        answer: @escaping @Sendable (_ attempt: Int, _ proof: String?) -> Operations.CreateToken.Output
    ) -> (TokenEndpoint, Proofs) {
        let proofs = Proofs()
        var api = MockAuthorizationServerAPI()
        api.createToken = { input in
            let attempt = proofs.withLock {
                $0.append(input.headers.dPoP)
                return $0.count
            }
            return answer(attempt, input.headers.dPoP)
        }
        return (TokenEndpoint(api: api, clientID: "stories-cli", now: { sentAt }, dpop: proofing()), proofs)
    }

    static func issued(tokenType: String, nonce: String? = nil) -> Operations.CreateToken.Output {
        .ok(.init(headers: .init(dPoPNonce: nonce), body: .json(.fixture(tokenType: tokenType, expiresIn: 900))))
    }

    @Test(
        "A sign-in at a server that lists ES256 sends a proof for the token endpoint, and keeps the key of DPoP tokens")
    func signInBindsTheSessionToANewKey() async throws {
        let (endpoint, proofs) = Self.endpoint { _, _ in Self.issued(tokenType: "DPoP") }
        let grant = try await endpoint.requestTokens(
            for: .password(username: "demo", password: Secret("pw")), at: Self.server(dpop: ["RS256", "ES256"]))
        let compact = try #require(proofs.withLock { $0.first } ?? nil)
        let proof = try DPoPProof(verifying: compact)
        #expect(
            proof.claims
                == DPoPProofClaims(
                    jti: "jti-1", htm: "POST", htu: "https://as.example/v1/oauth/token",
                    iat: Self.sentAt.timeIntervalSince1970))
        #expect(grant.tokenType == "DPoP")
        #expect(grant.dpopKey?.thumbprint == proof.keyThumbprint)
    }

    @Test(
        "Without ES256 in the metadata the client sends no proof and keeps bearer tokens",
        arguments: [[], ["RS256"], ["es256"]] as [[String]])
    func bearerWithoutES256(algorithms: [String]) async throws {
        let (endpoint, proofs) = Self.endpoint { _, _ in Self.issued(tokenType: "Bearer") }
        let grant = try await endpoint.requestTokens(
            for: .password(username: "demo", password: Secret("pw")), at: Self.server(dpop: algorithms))
        #expect(proofs.withLock { $0 } == [nil])
        #expect(grant.tokenType == "Bearer")
        #expect(grant.dpopKey == nil)
    }

    @Test("A server that takes DPoP but issues bearer tokens leaves the session a bearer one, without the key")
    func bearerAnswerDropsTheKey() async throws {
        let (endpoint, _) = Self.endpoint { _, _ in Self.issued(tokenType: "bearer") }
        let grant = try await endpoint.requestTokens(
            for: .password(username: "demo", password: Secret("pw")), at: Self.server(dpop: ["ES256"]))
        #expect(grant.tokenType == "Bearer")
        #expect(grant.dpopKey == nil)
    }

    @Test("DPoP tokens in answer to a request that sent no proof are a malformed answer")
    func dpopWithoutProofIsRefused() async {
        let (endpoint, _) = Self.endpoint { _, _ in Self.issued(tokenType: "DPoP") }
        await #expect(throws: TokenEndpointError.malformedResponse(.notBearer)) {
            try await endpoint.requestTokens(
                for: .password(username: "demo", password: Secret("pw")), at: Self.server(dpop: []))
        }
    }

    @Test("A refresh signs its proof with the session's key, whatever the metadata says")
    func refreshUsesTheSessionsKey() async throws {
        let key = DPoPSigningKey()
        let (endpoint, proofs) = Self.endpoint { _, _ in Self.issued(tokenType: "DPoP") }
        let grant = try await endpoint.requestTokens(
            for: .refreshToken(Secret("refresh-1")), at: Self.server(dpop: []), dpopKey: key)
        let proof = try DPoPProof(verifying: try #require(proofs.withLock { $0.first } ?? nil))
        #expect(proof.keyThumbprint == key.thumbprint)
        #expect(grant.dpopKey == key)
    }

    @Test("use_dpop_nonce is answered by one retry with the nonce; a second one is a failure")
    func nonceRetry() async throws {
        let refuse = { @Sendable (nonce: String) -> Operations.CreateToken.Output in
            .badRequest(.init(headers: .init(dPoPNonce: nonce), body: .json(.init(error: "use_dpop_nonce"))))
        }
        let (endpoint, proofs) = Self.endpoint { attempt, _ in
            attempt == 1 ? refuse("n-1") : Self.issued(tokenType: "DPoP", nonce: "n-2")
        }
        _ = try await endpoint.requestTokens(
            for: .password(username: "demo", password: Secret("pw")), at: Self.server(dpop: ["ES256"]))
        let sent = try proofs.withLock { $0 }.map { try DPoPProof(verifying: try #require($0)).claims }
        #expect(sent.map(\.nonce) == [nil, "n-1"])
        #expect(sent.map(\.jti) == ["jti-1", "jti-2"])

        let (stubborn, stubbornProofs) = Self.endpoint { attempt, _ in refuse("n-\(attempt)") }
        await #expect(throws: TokenEndpointError.misconfigured(code: "use_dpop_nonce", description: nil)) {
            try await stubborn.requestTokens(
                for: .password(username: "demo", password: Secret("pw")), at: Self.server(dpop: ["ES256"]))
        }
        #expect(stubbornProofs.withLock { $0.count } == 2)
    }

    // MARK: the middleware

    static let baseURL = URL(string: "https://api.example.com/v1")!

    actor Transport {
        private(set) var requests: [HTTPRequest] = []
        private var answers: [HTTPResponse]

        init(answers: [HTTPResponse]) {
            self.answers = answers
        }

        func send(_ request: HTTPRequest) -> (HTTPResponse, HTTPBody?) {
            requests.append(request)
            return (answers.count > 1 ? answers.removeFirst() : answers[0], nil)
        }
    }

    static func middlewareRun(
        key: DPoPSigningKey?, answers: [HTTPResponse], nonces: DPoPNonceCache = DPoPNonceCache()
    ) async throws -> [HTTPRequest] {
        let transport = Transport(answers: answers)
        let session = FixedSession(
            origin: try ServerOrigin(baseURL),
            authorization: BearerAuthorization(accessToken: Secret("token-1"), generation: 1, dpopKey: key))
        let middleware = AuthorizationMiddleware(session: session, dpop: proofing(nonces: nonces))
        _ = try await middleware.intercept(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/stories?limit=5&cursor=x"), body: nil,
            baseURL: baseURL, operationID: "listStories", next: { request, _, _ in await transport.send(request) })
        return await transport.requests
    }

    @Test("A DPoP-bound token goes as Authorization: DPoP with a proof for the request: htm, htu without query, ath")
    func middlewareSendsAProof() async throws {
        let key = DPoPSigningKey()
        let requests = try await Self.middlewareRun(key: key, answers: [HTTPResponse(status: .ok)])
        let request = try #require(requests.first)
        #expect(request.headerFields[.authorization] == "DPoP token-1")
        let proof = try DPoPProof(verifying: try #require(request.headerFields[.dpop]))
        #expect(proof.keyThumbprint == key.thumbprint)
        #expect(
            proof.claims
                == DPoPProofClaims(
                    jti: "jti-1", htm: "GET", htu: "https://api.example.com/v1/stories",
                    iat: Self.sentAt.timeIntervalSince1970,
                    ath: AccessTokenHash.of("token-1")))
    }

    @Test("A bearer token goes as Authorization: Bearer, with no proof")
    func middlewareBearer() async throws {
        let requests = try await Self.middlewareRun(key: nil, answers: [HTTPResponse(status: .ok)])
        #expect(requests.first?.headerFields[.authorization] == "Bearer token-1")
        #expect(requests.first?.headerFields[.dpop] == nil)
    }

    @Test("A 401 use_dpop_nonce is sent again once with the nonce, which is kept for that origin")
    func middlewareNonce() async throws {
        var askForNonce = HTTPResponse(status: .unauthorized)
        askForNonce.headerFields[.wwwAuthenticate] = #"DPoP error="use_dpop_nonce", algs="ES256""#
        askForNonce.headerFields[.dpopNonce] = "n-1"
        let nonces = DPoPNonceCache()
        let requests = try await Self.middlewareRun(
            key: DPoPSigningKey(), answers: [askForNonce, HTTPResponse(status: .ok)], nonces: nonces)
        let claims = try requests.map { try DPoPProof(verifying: try #require($0.headerFields[.dpop])).claims }
        #expect(claims.map(\.nonce) == [nil, "n-1"])
        #expect(nonces.nonce(for: Self.baseURL) == "n-1")

        let stubborn = try await Self.middlewareRun(key: DPoPSigningKey(), answers: [askForNonce])
        #expect(stubborn.count == 2)
    }

    @Test("A 401 invalid_dpop_proof does not throw the session away: only invalid_token asks for new tokens")
    func invalidProofDoesNotBlameTheToken() {
        var refused = HTTPResponse(status: .unauthorized)
        refused.headerFields[.wwwAuthenticate] = #"DPoP error="invalid_dpop_proof", algs="ES256""#
        #expect(!AuthorizationMiddleware.blamesToken(refused))
        refused.headerFields[.wwwAuthenticate] = #"DPoP error="invalid_token", algs="ES256""#
        #expect(AuthorizationMiddleware.blamesToken(refused))
    }

    @Test("The nonce cache is bounded: past its capacity the origin set longest ago is forgotten")
    func nonceCacheBounded() {
        let cache = DPoPNonceCache(capacity: 2)
        for host in ["a", "b", "c"] { cache.record("n-\(host)", from: URL(string: "https://\(host).example/x")!) }
        #expect(cache.count == 2)
        #expect(cache.nonce(for: URL(string: "https://a.example/")!) == nil)
        #expect(cache.nonce(for: URL(string: "https://c.example/")!) == "n-c")
        cache.record("bad\u{7}nonce", from: URL(string: "https://c.example/")!)
        #expect(cache.nonce(for: URL(string: "https://c.example/")!) == "n-c")
    }

    @Test("A credential's description never shows its DPoP key")
    func keyNeverPrinted() throws {
        let key = DPoPSigningKey()
        var credential = Credential.fixture(origin: try ServerOrigin(Self.baseURL))
        credential.dpopKey = key
        credential.tokenType = "DPoP"
        let secret = Base64URL.encode(key.storedRepresentation)
        #expect(!String(describing: credential).contains(secret))
        #expect(!String(reflecting: credential).contains(secret))
        #expect(credential.isDPoPBound)
    }

    @Test("Every jti is 128 random bits in base64url, and no two of 10,000 are the same")
    func proofIdentifiers() {
        let identifiers = (0..<10_000).map { _ in DPoPProofing.randomID() }
        #expect(Set(identifiers).count == identifiers.count)
        for identifier in identifiers.prefix(100) {
            #expect(Base64URL.decode(identifier)?.count == 16, "\(identifier)")
        }
    }
}

/// The proofs a scripted token endpoint received, in order.
final class Proofs: Sendable {
    private let proofs = Mutex<[String?]>([])

    func withLock<T>(_ body: (inout [String?]) -> T) -> T {
        proofs.withLock { body(&$0) }
    }
}

/// A session that always hands out one authorization and never offers another.
struct FixedSession: AccessTokenProviding {
    let origin: ServerOrigin
    let authorization: BearerAuthorization

    func currentAuthorization() async throws -> BearerAuthorization { authorization }
    func authorizationAfterRejection(of rejected: BearerAuthorization) async throws -> BearerAuthorization? { nil }
}
