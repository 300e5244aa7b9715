import Authorization
import Foundation
import StoriesCLITestSupport
import StoriesServerKit
import Synchronization
import TestSupport
import Testing

@testable import StoriesCLIKit

/// `stories-cli api` end to end, through the real client stack, against `stories-server` with DPoP required (a
/// fresh proof with the server's nonce for every request: the server refuses a replayed proof) and against a
/// bearer-only one.
@Suite("stories-cli api against stories-server", .serialized)
struct APICommandTests {
    let cli = CLIHarness("api")

    /// Everything one test's commands wrote, to show that no credential is among it.
    final class Transcript: Sendable {
        let runs = Mutex<[String]>([])
        func record(_ output: CapturedOutput) { runs.withLock { $0.append(output.standard + output.error) } }
        var text: String { runs.withLock { $0.joined(separator: "\n") } }
    }

    func api(
        _ arguments: [String], on server: RunningServer, transcript: Transcript, input: [String] = [],
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> (status: CLIExitCode, output: CapturedOutput) {
        let run = await cli.run(try APICommand.parse(arguments), on: server, input: .piped(input), now: now)
        transcript.record(run.output)
        return run
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test(
        "api reads /me, pages through /stories, and POSTs, with DPoP required and with bearer tokens, never printing a credential",
        arguments: [DPoPMode.required, .off])
    func endToEnd(mode: DPoPMode) async throws {
        let configuration = ServerConfiguration(port: 0, storyCount: 50, passwordHashCost: 4, dpop: mode)
        try await RunningServer.with(configuration: configuration) { server in
            let transcript = Transcript()
            let login = await cli.run(
                try LoginCommand.parse(["--username", "demo", "--password-stdin"]), on: server,
                input: .piped([ServerConfiguration.demoPassword]))
            try #require(login.status == .success, "\(login.output.error)")
            let signedIn = try #require(try await cli.storedCredential(for: server))
            #expect(signedIn.isDPoPBound == (mode == .required))

            // /me, relative to the API root, and the same as a full URL under the server URL.
            let me = try await api(["/me"], on: server, transcript: transcript)
            #expect(me.status == .success, "\(me.output.error)")
            #expect((try Self.json(me.output.standard) as? [String: Any])?["username"] as? String == "demo")
            let full = try await api(
                [server.baseURL.absoluteString + "/me", "--verbose"], on: server, transcript: transcript)
            #expect(full.status == .success, "\(full.output.error)")
            #expect((try Self.json(full.output.standard) as? [String: Any])?["username"] as? String == "demo")

            // --include: the status line and fields first.
            let included = try await api(["-i", "me"], on: server, transcript: transcript)
            #expect(included.output.standard.hasPrefix("HTTP/1.1 200"), "\(included.output.standard)")
            #expect(included.output.standard.lowercased().contains("content-type: application/json"))

            // --paginate: one JSON document per page, following the server's Link header.
            let pages = try await api(["/stories?limit=20", "--paginate"], on: server, transcript: transcript)
            #expect(pages.status == .success, "\(pages.output.error)")
            let documents = pages.output.standard.split(separator: "\n").map(String.init)
            #expect(documents.count == 3)
            let ids = try documents.flatMap { document in
                ((try Self.json(document) as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap {
                    $0["id"] as? String
                }
            }
            #expect(ids.count == 50)
            #expect(Set(ids).count == 50)

            // --slurp: the same pages as one array.
            let slurped = try await api(
                ["/stories?limit=20", "--paginate", "--slurp"], on: server, transcript: transcript)
            #expect(slurped.status == .success, "\(slurped.output.error)")
            let array = try #require(try Self.json(slurped.output.standard) as? [[String: Any]])
            #expect(array.count == 3)
            #expect(array.map { ($0["items"] as? [Any])?.count ?? 0 } == [20, 20, 10])

            // POST with fields (the API has no operation that creates a story: /users creates an account).
            let passwordFile = FileManager.default.temporaryDirectory
                .appendingPathComponent("api-password-\(UUID().uuidString)").path
            try "correct horse battery".write(toFile: passwordFile, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: passwordFile) }
            let created = try await api(
                ["/users", "-f", "username=alice", "-F", "password=@\(passwordFile)"], on: server,
                transcript: transcript)
            #expect(created.status == .success, "\(created.output.error)")
            #expect((try Self.json(created.output.standard) as? [String: Any])?["username"] as? String == "alice")
            // -X POST with the body on standard input.
            let posted = try await api(
                ["-X", "POST", "/users", "--input", "-"], on: server, transcript: transcript,
                input: [#"{"username":"bob","password":"correct horse battery"}"#])
            #expect(posted.status == .success, "\(posted.output.error)")
            // The same again: 409, the body printed, exit 1.
            let taken = try await api(
                ["-X", "POST", "/users", "--input", "-"], on: server, transcript: transcript,
                input: [#"{"username":"bob","password":"correct horse battery"}"#])
            #expect(taken.status == .failure)
            #expect(!taken.output.standard.isEmpty)
            #expect(taken.output.error.contains("answered HTTP 409"), "\(taken.output.error)")

            // A path that repeats the API root: 404, exit 1, and the shorter path named.
            let repeated = try await api(["/v1/me"], on: server, transcript: transcript)
            #expect(repeated.status == .failure)
            #expect(repeated.output.error.contains("`stories-cli api /me`"), "\(repeated.output.error)")

            // A day later the access token has expired: api renews the session first, under the lock.
            let later = Date().addingTimeInterval(24 * 3600)
            let renewed = try await api(["/me"], on: server, transcript: transcript, now: { later })
            #expect(renewed.status == .success, "\(renewed.output.error)")
            let refreshed = try #require(try await cli.storedCredential(for: server))
            #expect(refreshed.generation > signedIn.generation)

            // No token, refresh token or DPoP proof (a JWS, `eyJ…`) anywhere in what the commands wrote.
            let secrets =
                [signedIn.accessToken, refreshed.accessToken].map(\.unredacted)
                + [signedIn.refreshToken, refreshed.refreshToken].compactMap { $0?.unredacted }
            let text = transcript.text
            for secret in secrets { #expect(!text.contains(secret)) }
            #expect(!text.contains("eyJ"))
            #expect(!text.lowercased().contains("authorization:"))
        }
    }

    @Test("A URL on another server is refused with exit 64 and nothing is sent")
    func otherOrigin() async throws {
        try await RunningServer.with { server in
            let login = await cli.run(
                try LoginCommand.parse(["--username", "demo", "--password-stdin"]), on: server,
                input: .piped([ServerConfiguration.demoPassword]))
            #expect(login.status == .success)
            let other = try await ScriptedHTTPServer.start(status: .ok)
            defer { Task { await other.stop() } }
            let run = try await api(
                [other.baseURL.absoluteString + "/me"], on: server, transcript: Transcript())
            #expect(run.status == .usage)
            #expect(run.output.standard.isEmpty)
            #expect(run.output.error.contains("Refusing to send the session"), "\(run.output.error)")
            #expect(other.authorizationHeaders.isEmpty, "the other server received \(other.authorizationHeaders.count)")
        }
    }

    @Test("Without a session, api exits 77 and names the login command")
    func notSignedIn() async throws {
        try await RunningServer.with { server in
            let run = try await api(["/me"], on: server, transcript: Transcript())
            #expect(run.status == .signInRequired, "\(run.output.error)")
            #expect(run.output.error.contains("login"))
        }
    }
}
