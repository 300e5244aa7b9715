import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization

@testable import StoriesServerKit

/// The reference server on the test clock, for tests that play the browser and the client.
///
/// Requests handed to the router in process have no peer, so the app tells clients apart by the `X-Test-Client`
/// header instead (`client(_:)` below); a request without it is the one `unknown` client, as it would be anyway.
enum AuthorizationServerApp {
    static func make(
        clock: TestEnvironment,
        passwordGrantEnabled: Bool = true,
        publicURL: String? = nil,
        introspectionClient: ClientCredentials? = nil,
        dpop: DPoPMode = .optional,
        limits: AuthorizationServerLimits = .standard,
        passwordHashing: PasswordHashing = .bcrypt,
        pushedRequests: PushedAuthorizationRequestPolicy = .optional,
        logger: Logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    ) async throws -> some ApplicationProtocol {
        try await buildApplication(
            configuration: ServerConfiguration(
                port: 8080, storyCount: 1, passwordHashCost: 4, publicURL: publicURL,
                passwordGrantEnabled: passwordGrantEnabled, pushedAuthorizationRequests: pushedRequests,
                introspectionClient: introspectionClient, dpop: dpop),
            environment: clock.environment,
            seams: ServerSeams(
                clientIdentification: testClientIdentification, limits: limits, passwordHashing: passwordHashing),
            logger: logger
        )
    }

    static let clientHeader = HTTPField.Name("X-Test-Client")!

    /// The client named in `X-Test-Client`, else `unknown`.
    static let testClientIdentification = ClientIdentification { headers, _ in
        headers[clientHeader].map { ClientAddress(text: $0) } ?? .unknown
    }

    /// A PKCE pair: RFC 7636 Appendix B's.
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    static let redirectURI = "http://127.0.0.1:49152/callback"
    static let deviceGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// The authorization endpoint's URL for `parameters`, each form-encoded.
    static func authorizeURI(_ parameters: [(String, String)]) -> String {
        "/oauth/authorize?" + FormURLEncoding.query(parameters)
    }

    /// A complete, valid authorization request.
    static var authorizationParameters: [(String, String)] {
        [
            ("response_type", "code"), ("client_id", "stories-cli"), ("redirect_uri", redirectURI),
            ("code_challenge", challenge), ("code_challenge_method", "S256"), ("state", "xyz-state"),
        ]
    }
}

extension TestClientProtocol {
    /// POSTs `fields` form-encoded, as the client `client` (see `AuthorizationServerApp`) when one is named.
    func postForm(_ uri: String, _ fields: [(String, String)], as client: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let client { headers[AuthorizationServerApp.clientHeader] = client }
        return try await execute(
            uri: uri, method: .post, headers: headers, body: ByteBuffer(string: FormURLEncoding.query(fields)))
    }

    /// GETs `uri` as the client `client` when one is named.
    func get(_ uri: String, as client: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let client { headers[AuthorizationServerApp.clientHeader] = client }
        return try await execute(uri: uri, method: .get, headers: headers)
    }

    /// Opens the consent page for `parameters` and submits it with `decision` and the demo account (or `username`).
    func authorize(
        _ parameters: [(String, String)] = AuthorizationServerApp.authorizationParameters, decision: String = "approve",
        username: String = "demo", password: String = "demo-password", as client: String? = nil
    ) async throws -> TestResponse {
        let page = try await get(AuthorizationServerApp.authorizeURI(parameters), as: client)
        let token = try page.csrfToken()
        return try await postForm(
            "/oauth/authorize",
            [("csrf_token", token), ("username", username), ("password", password), ("decision", decision)],
            as: client)
    }

    /// The code from an approval's redirect.
    func authorizationCode() async throws -> String {
        let redirect = try await authorize()
        guard let code = redirect.redirectParameters["code"] else { throw MissingPart(part: "code") }
        return code
    }

    /// Exchanges `code` at the token endpoint.
    func exchange(
        code: String, verifier: String = AuthorizationServerApp.verifier,
        redirectURI: String = AuthorizationServerApp.redirectURI
    ) async throws -> TestResponse {
        try await postForm(
            "/v1/oauth/token",
            [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
                ("code_verifier", verifier), ("client_id", "stories-cli"),
            ])
    }

    /// Registers `username` with the password `<username>-password`.
    func register(username: String) async throws -> TestResponse {
        try await execute(
            uri: "/v1/users", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"username":"\#(username)","password":"\#(username)-password"}"#))
    }

    /// A password grant for `username` as the client `client`.
    func passwordGrant(
        username: String = "demo", password: String = "demo-password", as client: String? = nil
    ) async throws -> TestResponse {
        try await postForm(
            "/v1/oauth/token",
            [("grant_type", "password"), ("username", username), ("password", password), ("client_id", "stories-cli")],
            as: client)
    }

    /// Signs the demo account in with the password grant and returns the access token.
    func demoAccessToken(extra: [(String, String)] = []) async throws -> String {
        let response = try await postForm(
            "/v1/oauth/token",
            [
                ("grant_type", "password"), ("username", "demo"), ("password", "demo-password"),
                ("client_id", "stories-cli"),
            ] + extra)
        guard let token = try response.json()["access_token"] as? String else { throw MissingPart(part: "token") }
        return token
    }

    /// Starts a device authorization and returns its JSON.
    func startDeviceAuthorization(as client: String? = nil) async throws -> [String: Any] {
        try await postForm("/v1/oauth/device_authorization", [("client_id", "stories-cli")], as: client).json()
    }

    /// Polls the token endpoint with `deviceCode`.
    func poll(deviceCode: String) async throws -> TestResponse {
        try await postForm(
            "/v1/oauth/token",
            [
                ("grant_type", AuthorizationServerApp.deviceGrantType), ("device_code", deviceCode),
                ("client_id", "stories-cli"),
            ])
    }

    /// Opens the verification page and submits `userCode` with `decision` as the demo account (or `username`).
    func verifyDevice(
        userCode: String, decision: String, username: String = "demo", password: String = "demo-password",
        as client: String? = nil
    ) async throws -> TestResponse {
        let page = try await get("/device", as: client)
        return try await postForm(
            "/device",
            [
                ("csrf_token", try page.csrfToken()), ("user_code", userCode), ("username", username),
                ("password", password), ("decision", decision),
            ],
            as: client)
    }
}

struct MissingPart: Error {
    var part: String
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] else {
            throw MissingPart(part: "JSON object")
        }
        return object
    }

    /// The `error` of an OAuth error body.
    var oauthError: String? { (try? json())?["error"] as? String }

    /// The page's CSRF form token.
    func csrfToken() throws -> String {
        guard let match = text.firstMatch(of: /name="csrf_token" value="([^"]*)"/) else {
            throw MissingPart(part: "csrf_token")
        }
        return String(match.1)
    }

    /// The query parameters of the `Location` a redirect points to.
    var redirectParameters: [String: String] {
        guard let location = headers[.location], let items = URLComponents(string: location)?.queryItems else {
            return [:]
        }
        return Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
    }
}

extension TestResponse {
    /// The page without its form token, to compare two renderings of one form.
    var textWithoutFormToken: String {
        text.replacing(/name="csrf_token" value="[^"]*"/, with: "")
    }
}

/// Bcrypt, counting the passwords it checks and recording the hashes it checks them against.
final class CountingPasswordHashing: Sendable {
    private let checkedHashes = Mutex<[String]>([])

    var hashing: PasswordHashing {
        PasswordHashing(
            hash: PasswordHashing.bcrypt.hash,
            verify: { password, hash in
                self.checkedHashes.withLock { $0.append(hash) }
                return PasswordHashing.bcrypt.verify(password, hash)
            })
    }

    /// The hashes checked so far, in order.
    var checked: [String] { checkedHashes.withLock { $0 } }
}

/// A thread-safe counter for injected generators.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// Returns the current value, then adds one.
    func increment() -> Int {
        value.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
