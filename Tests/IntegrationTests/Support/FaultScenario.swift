import APIClient
import APIClientLive
import APIClientTestSupport
import Authorization
import CredentialsStore
import Foundation
import StoriesCLITestSupport
import TestSupport
import Testing

@testable import StoriesCLIKit

/// One fault test: a fault server, a credentials file with a seeded session, and the real CLI stack (generated
/// client, middlewares, AsyncHTTPClient, SQLite) driven in process with small limits.
struct FaultScenario {
    let server: FaultServer
    let credentialsPath = FileManager.default.temporaryDirectory
        .appendingPathComponent("faults-\(UUID().uuidString)/credentials.sqlite").path

    /// Small bounds, so that deadline and size faults end in seconds.
    static let limits = ConnectionLimits(
        connectTimeout: .seconds(2),
        requestDeadline: .seconds(2),
        tokenRequestDeadline: .milliseconds(1500),
        refreshLockWait: .seconds(5),
        maximumTokenResponseBytes: 64 << 10,
        maximumResponseBytes: 256 << 10,
        maximumPages: 20
    )

    /// What points a `stories-cli` process at the fault server and the scenario's credentials file.
    var environment: [String: String] {
        [
            "STORIES_SERVER_URL": server.baseURL.absoluteString, "STORIES_CREDENTIALS_DB": credentialsPath,
            "STORIES_CREDENTIALS_STORAGE": "plain",
        ]
    }

    init(_ respond: @escaping @Sendable (FaultServer.Request) -> FaultServer.Response) throws {
        server = try FaultServer(respond)
    }

    /// Stores a session for the fault server; an expired one makes the next command refresh first.
    @discardableResult
    func seedSession(expired: Bool = false) async throws -> Credential {
        let store = try SQLiteCredentialsStore(path: credentialsPath)
        let now = Date()
        _ = try await store.replace(
            with: .fixture(
                origin: try ServerOrigin(server.baseURL), accessToken: "fault-access-1",
                refreshToken: "fault-refresh-1", lifetime: expired ? 60 : 3720, issuedAt: now.addingTimeInterval(-120)))
        // As the store reads it back, so that "unchanged" compares like with like.
        return try #require(try await storedSession())
    }

    /// The session as the store holds it now.
    func storedSession() async throws -> Credential? {
        try await SQLiteCredentialsStore(path: credentialsPath).credential(for: try ServerOrigin(server.baseURL))
    }

    struct Outcome {
        var status: CLIExitCode
        var standard: String
        var error: String
        var elapsed: Duration
    }

    /// Runs `command` against the fault server (or `serverURL`) and stops the server afterwards.
    func run(
        _ command: some StoriesSubcommand, serverURL: String? = nil, stdin: [String] = []
    ) async -> Outcome {
        let output = CapturedOutput()
        let clock = ContinuousClock()
        let start = clock.now
        let status = await command.run(
            environment: [
                "STORIES_SERVER_URL": serverURL ?? server.baseURL.absoluteString,
                "STORIES_CREDENTIALS_DB": credentialsPath, "STORIES_CREDENTIALS_STORAGE": "plain",
            ],
            output: output, input: .piped(stdin), now: { Date() }, limits: Self.limits)
        let elapsed = clock.now - start
        server.stop()
        return Outcome(status: status, standard: output.standard, error: output.error, elapsed: elapsed)
    }
}

/// A story as the API sends it.
func storyJSON(id: String, title: String = "A story", author: String = "alice") -> String {
    let encoded = { (text: String) in String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }
    return """
        {"id":\(encoded(id)),"title":\(encoded(title)),"url":null,"author":\(encoded(author)),"score":1,\
        "commentCount":0,"createdAt":"2026-11-21T10:00:00Z"}
        """
}

/// A page of stories as the API sends it.
func pageJSON(ids: [String], next: String?) -> String {
    let cursor = next.map { "\"\($0)\"" } ?? "null"
    return "{\"items\":[\(ids.map { storyJSON(id: $0) }.joined(separator: ","))],\"nextCursor\":\(cursor)}"
}

/// A token response as the API sends it, with a raw `expires_in`.
func tokenJSON(expiresIn: String = "900") -> String {
    #"{"access_token":"fault-access-2","token_type":"Bearer","expires_in":\#(expiresIn),"refresh_token":"fault-refresh-2"}"#
}

/// The contract for every failure: one line, `error: …`, one full stop, no text from a library.
func expectOneClearLine(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
    #expect(lines.count == 1, "\(stderr)", sourceLocation: sourceLocation)
    guard let line = lines.first else { return }
    #expect(line.hasPrefix("error: "), "\(line)", sourceLocation: sourceLocation)
    #expect(line.hasSuffix(".") && !line.hasSuffix(".."), "\(line)", sourceLocation: sourceLocation)
    for fragment in ["errno", "<redacted>", "Optional(", "Error(", "NIO", "HTTPClientError", "Fatal", "0x"] {
        #expect(!line.contains(fragment), "\(line)", sourceLocation: sourceLocation)
    }
}

/// Whether `scalar` is one a terminal would obey.
func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A: false
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}
