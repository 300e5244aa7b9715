import CredentialsStore
import Foundation
import OnboardingDomain
import StoriesCLITestSupport
import StoriesDomain
import Testing

@testable import StoriesCLIKit

/// The `--json` samples `Scripts/check-json-schemas` validates, `Tests/JSONSchemas/samples/COMMAND/NAME.json`, are
/// what the code each command prints with writes for representative values (nulls, empty lists, skipped items, an
/// ended session, with and without an issuer): values a fresh stories-server never produces, so that the script
/// checks them against `docs/json` beside the real outputs it collects. Python's `jsonschema` is the one validator.
@Suite("--json samples in Tests/JSONSchemas/samples")
struct JSONOutputSampleTests {
    /// The commands that take `--json`.
    enum Command: String, CaseIterable, Sendable {
        case list, show, whoami, status
    }

    /// One output of a command, made by the code the command prints with, and the file that holds it.
    struct Sample: CustomTestStringConvertible, Sendable {
        let command: Command
        let name: String
        let output: @Sendable () throws -> String

        var testDescription: String { "\(command.rawValue) --json, \(name)" }

        /// `Tests/JSONSchemas/samples/COMMAND/NAME.json`.
        var file: URL {
            JSONOutputSampleTests.sampleDirectory.appendingPathComponent(command.rawValue)
                .appendingPathComponent("\(name).json")
        }
    }

    static let sampleDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("JSONSchemas/samples")

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let askStory = Story(
        id: "41", title: "Ask: which terminal?", url: nil, author: "bob", score: 0, commentCount: 0,
        createdAt: Date(timeIntervalSince1970: -62_135_596_800))  // 0001-01-01T00:00:00Z, Go's zero time
    static let linkStory = Story(
        id: "500", title: "A story with \u{202E}bidi and \"quotes\"", url: URL(string: "https://example.com/a?b=c#d"),
        author: "alice", score: 42, commentCount: 3, createdAt: now.addingTimeInterval(-3_600.5))
    static let local = ResolvedServer(name: .local, url: URL(string: "http://127.0.0.1:8080/v1")!)
    static let custom = ResolvedServer(name: nil, url: URL(string: "https://api.example.com/v1")!)

    static func listing(pages: [[Story]], cursor: String?, skipped: [SkippedStory]) throws -> String {
        let output = CapturedOutput()
        var writer = JSONStoryListWriter(output: output)
        for page in pages { try writer.write(stories: page, rows: []) }
        try writer.finish(resumeCursor: cursor.map(StoryCursor.init(rawValue:)), skipped: skipped)
        return output.standard
    }

    static func session(
        _ account: String, server: ResolvedServer, expiresAt: Date?, signInRequired: Bool = false,
        isActive: Bool = true, issuer: String? = nil
    ) -> SessionSummary {
        SessionSummary(
            account: account, server: server.url.absoluteString, refreshedAt: now.addingTimeInterval(-60),
            accessTokenExpiresAt: expiresAt, isSignInRequired: signInRequired, isActive: isActive, issuer: issuer)
    }

    static func status(_ entries: [(SessionSummary, ResolvedServer)]) throws -> String {
        try StoryJSON.encode(
            entries.map { session, server in
                SessionStatus(
                    session: session, server: server, isDefault: server == local,
                    storage: session.account.hasPrefix("plain") ? .plain : .sealed, now: now)
            })
    }

    static let samples: [Sample] = [
        Sample(command: .list, name: "empty") {
            try listing(pages: [], cursor: nil, skipped: [])
        },
        Sample(command: .list, name: "two-pages-cursor-skipped") {
            try listing(
                pages: [[linkStory], [askStory]], cursor: "djE6MjA",
                skipped: [SkippedStory(id: "", reason: "its url is not an http(s) address")])
        },
        Sample(command: .show, name: "ask-story") {
            try StoryJSON.encode(StoryJSON.StoryObject(story: askStory))
        },
        Sample(command: .show, name: "link-story") {
            try StoryJSON.encode(StoryJSON.StoryObject(story: linkStory))
        },
        Sample(command: .whoami, name: "no-display-name-unknown-expiry") {
            try WhoamiJSON.encode(
                user: UserAccount(id: "u1", username: "alice", displayName: nil, createdAt: now),
                session: session("alice", server: custom, expiresAt: nil), server: custom, now: now)
        },
        Sample(command: .whoami, name: "display-name-and-expiry") {
            try WhoamiJSON.encode(
                user: UserAccount(id: "u2", username: "demo", displayName: "Demo User", createdAt: now),
                session: session("demo", server: local, expiresAt: now.addingTimeInterval(900)), server: local,
                now: now)
        },
        Sample(command: .status, name: "no-sessions") {
            try status([])
        },
        Sample(command: .status, name: "three-sessions-one-ended-issuers") {
            try status([
                (session("demo", server: local, expiresAt: now.addingTimeInterval(900)), local),
                (session("alice", server: local, expiresAt: nil, isActive: false), local),
                (
                    session(
                        "bob", server: custom, expiresAt: now.addingTimeInterval(-5), signInRequired: true,
                        issuer: "https://login.example.com/realms/stories"), custom
                ),
            ])
        },
        Sample(command: .status, name: "plain-storage") {
            try status([(session("plain-demo", server: local, expiresAt: now.addingTimeInterval(900)), local)])
        },
    ]

    @Test("A sample file holds what the command's code prints, byte for byte", arguments: samples)
    func sampleFileIsTheOutput(sample: Sample) throws {
        let committed = try String(contentsOf: sample.file, encoding: .utf8)
        #expect(try sample.output() == committed, "update \(sample.file.path) with the output")
    }

    @Test("Every file in Tests/JSONSchemas/samples is a sample here, and every command has one")
    func samplesAreTheFiles() throws {
        var files: Set<String> = []
        for command in try FileManager.default.contentsOfDirectory(atPath: Self.sampleDirectory.path) {
            let directory = Self.sampleDirectory.appendingPathComponent(command).path
            for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
                files.insert("\(command)/\(file)")
            }
        }
        #expect(files == Set(Self.samples.map { "\($0.command.rawValue)/\($0.name).json" }))
        #expect(Set(Self.samples.map(\.command)) == Set(Command.allCases))
    }
}
