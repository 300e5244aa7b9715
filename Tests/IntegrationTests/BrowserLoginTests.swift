import APIClientLive
import Foundation
import LoopbackRedirect
import StoriesCLITestSupport
import StoriesServerKit
import TestSupport
import Testing

@testable import StoriesCLIKit

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `login`'s browser sign-in against the real server, the browser played by an HTTP client that follows the pages
/// and the redirect back to the CLI's loopback listener.
@Suite("Browser login end to end", .serialized)
struct BrowserLoginTests {
    let cli = CLIHarness("browser-login")

    static let configuration = ServerConfiguration(port: 0, storyCount: 5, passwordHashCost: 4)

    @Test("login opens the sign-in page, and once the person allows it the account is signed in and whoami works")
    func allowed() async throws {
        try await RunningServer.with(configuration: Self.configuration) { server in
            let browser = AuthorizationPageBrowser(decision: "approve")
            let output = CapturedOutput()
            let status = try await LoginCommand.parse([]).run(
                environment: cli.environment(server), output: output, input: .piped([]), now: { Date() },
                browser: browser)
            #expect(status == .success, "\(output.error)")
            #expect(
                output.standard
                    == "Signed in to \(server.baseURL.absoluteString) as demo; demo is now the active account.\n")
            let visits = try await browser.finishedVisits()
            let visit = try #require(visits.first)
            #expect(visits.count == 1)
            #expect(visit.url.path == "/oauth/authorize")
            // The server publishes a PAR endpoint (RFC 9126): the page's address carries only the client and a
            // one-time reference, no state and no challenge.
            let query = URLComponents(url: visit.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            #expect(query.map(\.name) == ["client_id", "request_uri"])
            #expect(query.last?.value?.hasPrefix("urn:ietf:params:oauth:request_uri:") == true)
            #expect(output.error.contains("if it does not open, visit:\n\n    \(visit.url.absoluteString)\n"))
            // The browser ended on the listener's page, which carries nothing secret.
            #expect(visit.status == 200)
            #expect(visit.page.contains("Sign-in received"))
            #expect(visit.finalURL?.host == "127.0.0.1")
            #expect(visit.finalURL?.path == "/callback")
            let finalURL = try #require(visit.finalURL)
            let items = URLComponents(url: finalURL, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let code = try #require(items.first { $0.name == "code" }?.value)
            #expect(!output.error.contains(code) && !output.standard.contains(code))
            #expect(!visit.page.contains(code))

            let whoami = await cli.run(try WhoamiCommand.parse(["--json"]), on: server)
            #expect(whoami.status == .success, "\(whoami.output.error)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(whoami.output.standard.utf8)) as? [String: Any])
            #expect(object["username"] as? String == "demo")
            let stored = try #require(try await cli.storedCredential(for: server))
            #expect(stored.account == "demo")
            #expect(!output.error.contains(stored.accessToken.unredacted))
        }
    }

    @Test(
        "login sends the plain request where the server publishes no PAR endpoint, and pushes it where PAR is required",
        arguments: [PushedAuthorizationRequestPolicy.unpublished, .required])
    func pushedOrPlain(policy: PushedAuthorizationRequestPolicy) async throws {
        var configuration = Self.configuration
        configuration.pushedAuthorizationRequests = policy
        try await RunningServer.with(configuration: configuration) { server in
            let browser = AuthorizationPageBrowser(decision: "approve")
            let output = CapturedOutput()
            let status = try await LoginCommand.parse([]).run(
                environment: cli.environment(server), output: output, input: .piped([]), now: { Date() },
                browser: browser)
            #expect(status == .success, "\(output.error)")
            let visit = try #require(try await browser.finishedVisits().first)
            let names = Set(
                (URLComponents(url: visit.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map(\.name))
            switch policy {
            case .unpublished:
                #expect(names.isSuperset(of: ["state", "code_challenge", "redirect_uri"]))
                #expect(!names.contains("request_uri"))
            default:
                #expect(names == ["client_id", "request_uri"])
            }
        }
    }

    @Test(
        "The fallback address login prints is valid as long as login waits: the server's pushed request lives as long as the listener waits for the browser"
    )
    func fallbackAddressLivesAsLongAsTheWait() async throws {
        try await RunningServer.with(configuration: Self.configuration) { server in
            var request = URLRequest(url: server.baseURL.appending(path: "oauth/par"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            let challenge = String(repeating: "A", count: 43)
            request.httpBody = Data(
                "response_type=code&client_id=stories-cli&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcallback&code_challenge=\(challenge)&code_challenge_method=S256&state=s"
                    .utf8)
            let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 201, "\(String(decoding: data, as: UTF8.self))")
            let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let lifetime = try #require(body["expires_in"] as? Int)
            let wait = LoopbackRedirectListener.Limits.standard.overallTimeout
            #expect(Duration.seconds(lifetime) >= wait, "request_uri lives \(lifetime) s, login waits \(wait)")
        }
    }

    @Test("login exits 79 and stores nothing when the person denies in the browser")
    func denied() async throws {
        try await RunningServer.with(configuration: Self.configuration) { server in
            let browser = AuthorizationPageBrowser(decision: "deny")
            let output = CapturedOutput()
            let status = try await LoginCommand.parse([]).run(
                environment: cli.environment(server), output: output, input: .piped([]), now: { Date() },
                browser: browser)
            #expect(status == .signInDenied, "\(output.error)")
            #expect(status.rawValue == 79)
            #expect(output.error.contains("was denied in the browser; nothing was stored."))
            #expect(output.standard.isEmpty)
            let visit = try #require(try await browser.finishedVisits().first)
            #expect(visit.page.contains("Sign-in denied"))
            #expect(try await cli.storedCredential(for: server) == nil)
        }
    }

    @Test(
        "login whose pushed request another user on the same address pushed out ends, without waiting, saying the server forgot it (exit 75)"
    )
    func requestPushedOut() async throws {
        try await RunningServer.with(configuration: Self.configuration) { server in
            let browser = CrowdedOutBrowser(
                pushEndpoint: server.baseURL.appendingPathComponent("oauth/par"),
                // The server keeps 20 pushed requests per address (docs/SERVER.md, "Limits").
                pushes: 20)
            let output = CapturedOutput()
            let environment = cli.environment(server)
            let login = Task {
                defer { browser.noMorePages() }
                return try await LoginCommand.parse([]).run(
                    environment: environment, output: output, input: .piped([]), now: { Date() }, browser: browser)
            }
            let visit = try #require(try await browser.firstVisit(), "\(output.error)")
            // The browser must have been sent back to the listener; if it was left on an error page, login would
            // wait its full 5 minutes, so it is cancelled and the expectations below fail.
            if visit.finalURL?.path != "/callback" { login.cancel() }
            #expect(visit.finalURL?.host == "127.0.0.1")
            #expect(visit.finalURL?.path == "/callback")
            #expect(visit.page.contains("Sign-in failed"))
            let status = try await login.value
            #expect(status == .signInExpired, "\(output.error)")
            #expect(
                output.error.hasSuffix(
                    "no longer knows this sign-in request (it forgets one that waits too long, and the oldest when one "
                        + "address starts too many); run `stories-cli login --server-url \(server.baseURL.absoluteString)` "
                        + "again.\n"), "\(output.error)")
            #expect(output.standard.isEmpty)
            #expect(try await cli.storedCredential(for: server) == nil)
        }
    }

    @Test("login refuses a server whose metadata describes another resource or issuer (exit 65) and opens no page")
    func foreignIssuer() async throws {
        var configuration = Self.configuration
        configuration.publicURL = "https://stories.example"
        try await RunningServer.with(configuration: configuration) { server in
            let browser = AuthorizationPageBrowser(decision: "approve")
            let output = CapturedOutput()
            let status = try await LoginCommand.parse([]).run(
                environment: cli.environment(server), output: output, input: .piped([]), now: { Date() },
                browser: browser)
            #expect(status == .malformedData, "\(output.error)")
            // Its RFC 9728 metadata names the public URL it was given, not the one the CLI reached it at.
            #expect(
                output.error.contains(
                    "publishes protected-resource metadata for https://stories.example/v1, not http://127.0.0.1:"))
            #expect(try await browser.finishedVisits().isEmpty)
            #expect(try await cli.storedCredential(for: server) == nil)
        }
    }

    @Test("login without a browser to open signs in with a device code instead")
    func fallsBackToDevice() async throws {
        var configuration = Self.configuration
        configuration.deviceCodePollingInterval = 1
        try await RunningServer.with(configuration: configuration) { server in
            let output = StreamingOutput()
            let environment = cli.environment(server)
            let command = try LoginCommand.parse([])
            let login = Task {
                let status = await command.run(
                    environment: environment, output: output, input: .piped([]), now: { Date() },
                    browser: NoBrowser())
                output.finish()
                return status
            }
            let shown = await output.firstErrorCaptures(/open (\S+) and enter the code:\n\n    (\S+)\n/)
            let (page, code) = try #require(shown)
            _ = try await DeviceVerificationBrowser().submit(
                userCode: code, decision: "approve", at: try #require(URL(string: page)))
            let status = await login.value
            #expect(status == .success, "\(output.error)")
            #expect(output.error.contains("No browser can be opened here"))
            #expect(try await cli.storedCredential(for: server)?.account == "demo")
        }
    }

    @Test(
        "Ctrl-C or SIGTERM while login waits for the browser ends it by that signal (the shell's 130 or 143) and removes the forwarding page; $BROWSER got that private page as its one argument",
        arguments: [SIGINT, SIGTERM])
    func interrupted(signal: Int32) async throws {
        let browser = try EchoingBrowser()
        defer { browser.remove() }
        try await RunningServer.with(configuration: Self.configuration) { server in
            var environment = cli.environment(server)
            environment["BROWSER"] = browser.path
            let process = try await StartedProcess.start(
                try BuildProducts.executable(named: "stories-cli"), ["login"], environment: environment)
            // A file:// page only this user can read, never the sign-in address with its state (see ForwardingPage).
            let opened = await process.waitForError("browser argc=1 url=file:///")
            #expect(opened, "\(process.standardError.text)")
            let waiting = await process.waitForError("Ctrl-C stops waiting")
            #expect(waiting, "\(process.standardError.text)")
            let page = try #require(
                process.standardError.text.firstMatch(of: /browser argc=1 url=file:\/\/(\/[^\n]*)/).map { String($0.1) }
            )
            let pageDirectory = (page as NSString).deletingLastPathComponent
            #expect(FileManager.default.fileExists(atPath: page))
            process.send(signal)
            #expect(try await process.termination() == .signaled(signal), "\(process.standardError.text)")
            #expect(!FileManager.default.fileExists(atPath: page), "the forwarding page outlived the signal")
            #expect(!FileManager.default.fileExists(atPath: pageDirectory))
            #expect(process.standardOutput.text.isEmpty)
            #expect(try await cli.storedCredential(for: server) == nil)
        }
    }
}
