import APIClient
import APIClientTestSupport
import Authorization
import AuthorizationServerClient
import CredentialsStore
import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import StoriesCLITestSupport
import TestSupport
import Testing

@testable import StoriesCLIKit

/// A session is only ever sent to the origin that issued it — not to another server selected later, and not to
/// wherever a redirect points, through the real AsyncHTTPClient transport.
@Suite("Origin binding through the real transport", .serialized)
struct OriginBindingTests {
    let credentialsPath = FileManager.default.temporaryDirectory
        .appendingPathComponent("origin-\(UUID().uuidString)/credentials.sqlite").path

    /// Stores a session for `url` directly, as a sign-in would have.
    func storeSession(for url: URL) async throws {
        let store = try SQLiteCredentialsStore(path: credentialsPath)
        _ = try await store.replace(
            with: .fixture(
                origin: try ServerOrigin(url), accessToken: "origin-test-access", refreshToken: "origin-test-refresh",
                issuedAt: Date())
        )
    }

    @Test(
        "A redirect to another port, host or scheme is not followed, so the token never arrives there",
        arguments: [
            ("127.0.0.1", "http"), ("127.0.0.2", "http"), ("127.0.0.1", "https"),
        ])
    func redirectsAreNotFollowed(targetHost: String, targetScheme: String) async throws {
        let target = try await ScriptedHTTPServer.start(host: targetHost, status: .ok)
        let targetPort = target.baseURL.port ?? 0
        let redirector = try await ScriptedHTTPServer.start(status: .temporaryRedirect) { path in
            [.location: "\(targetScheme)://\(targetHost):\(targetPort)\(path)"]
        }
        try await storeSession(for: redirector.baseURL)
        let output = CapturedOutput()
        let status = try await ListCommand.parse(["--server-url", redirector.baseURL.absoluteString]).run(
            environment: ["STORIES_CREDENTIALS_DB": credentialsPath, "STORIES_CREDENTIALS_STORAGE": "plain"],
            output: output,
            input: .piped([]),
            now: { Date() }
        )
        await redirector.stop()
        await target.stop()
        #expect(redirector.authorizationHeaders == ["Bearer origin-test-access"])
        #expect(target.authorizationHeaders.isEmpty)
        #expect(status == .failure)
        #expect(output.error.contains("HTTP 307"))
        #expect(!output.error.contains("origin-test"))
    }

    @Test("A session stored for one server is not sent when another server is selected")
    func otherServerGetsNoToken() async throws {
        let issuer = try await ScriptedHTTPServer.start(status: .ok)
        let other = try await ScriptedHTTPServer.start(status: .unauthorized)
        try await storeSession(for: issuer.baseURL)
        let output = CapturedOutput()
        let status = try await ListCommand.parse(["--server-url", other.baseURL.absoluteString]).run(
            environment: ["STORIES_CREDENTIALS_DB": credentialsPath, "STORIES_CREDENTIALS_STORAGE": "plain"],
            output: output,
            input: .piped([]),
            now: { Date() }
        )
        await issuer.stop()
        await other.stop()
        #expect(status == .signInRequired)
        #expect(other.authorizationHeaders.isEmpty)
    }

    @Test("A client aimed at another server than the session's origin refuses before sending the token anywhere")
    func middlewareRefusesForeignBaseURL() async throws {
        let issuer = try await ScriptedHTTPServer.start(status: .ok)
        let other = try await ScriptedHTTPServer.start(status: .ok)
        try await storeSession(for: issuer.baseURL)
        let session = SessionCoordinator(
            origin: try ServerOrigin(issuer.baseURL),
            store: try SQLiteCredentialsStore(path: credentialsPath),
            tokenEndpoint: TokenEndpoint(
                api: AuthorizationServerClient.Client(serverURL: issuer.baseURL, transport: AsyncHTTPClientTransport()),
                clientID: "stories-cli",
                now: { Date() }),
            lock: NoCrossProcessLock(),
            now: { Date() }
        )
        // Wired wrongly on purpose: the generated client talks to `other`, the session belongs to `issuer`.
        let client = APIClient.Client(
            serverURL: other.baseURL, transport: AsyncHTTPClientTransport(),
            middlewares: [AuthorizationMiddleware(session: session)])
        await #expect {
            _ = try await client.listStories()
        } throws: { error in
            APIFailure.rootCause(of: error) as? AuthorizationError
                == .originMismatch(
                    expected: try! ServerOrigin(issuer.baseURL).key, actual: try! ServerOrigin(other.baseURL).key)
        }
        await issuer.stop()
        await other.stop()
        #expect(other.authorizationHeaders.isEmpty)
        #expect(issuer.authorizationHeaders.isEmpty)
    }
}
