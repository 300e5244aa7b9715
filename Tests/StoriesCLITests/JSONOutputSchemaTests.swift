import ArgumentParser
import CredentialsStore
import Foundation
import OnboardingDomain
import StoriesCLITestSupport
import StoriesDomain
import Testing

@testable import StoriesCLIKit

/// Every `--json` output against its published schema, `docs/json/COMMAND.schema.json`: the output types, encoded
/// with representative values (nulls, empty lists, every optional value present), must keep every key the schema
/// requires with its type, and the schema must list every key they print. CI checks real outputs against the same
/// files with Python's `jsonschema` (`Scripts/check-json-schemas`).
@Suite("--json output against docs/json")
struct JSONOutputSchemaTests {
    /// The commands that take `--json`.
    enum Command: String, CaseIterable, Sendable {
        case list, show, whoami, status

        var schemaURL: URL {
            JSONOutputSchemaTests.schemaDirectory.appendingPathComponent("\(rawValue).schema.json")
        }

        func validator() throws -> JSONSchemaSubset {
            try JSONSchemaSubset(JSONValue.read(schemaURL))
        }
    }

    /// One output of a command, made by the code the command prints with.
    struct Sample: CustomTestStringConvertible, Sendable {
        let command: Command
        let name: String
        let output: @Sendable () throws -> String

        var testDescription: String { "\(command.rawValue) --json, \(name)" }

        func document() throws -> JSONValue { try JSONValue.parse(try output()) }
    }

    static let schemaDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/json")

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
        Sample(command: .list, name: "an empty listing") {
            try listing(pages: [], cursor: nil, skipped: [])
        },
        Sample(command: .list, name: "two pages, an ask story, a cursor and a skipped item") {
            try listing(
                pages: [[linkStory], [askStory]], cursor: "djE6MjA",
                skipped: [SkippedStory(id: "", reason: "its url is not an http(s) address")])
        },
        Sample(command: .show, name: "an ask story (url null)") {
            try StoryJSON.encode(StoryJSON.StoryObject(story: askStory))
        },
        Sample(command: .show, name: "a link story") {
            try StoryJSON.encode(StoryJSON.StoryObject(story: linkStory))
        },
        Sample(command: .whoami, name: "no display name, unknown expiry") {
            try WhoamiJSON.encode(
                user: UserAccount(id: "u1", username: "alice", displayName: nil, createdAt: now),
                session: session("alice", server: custom, expiresAt: nil), server: custom, now: now)
        },
        Sample(command: .whoami, name: "a display name and an expiry") {
            try WhoamiJSON.encode(
                user: UserAccount(id: "u2", username: "demo", displayName: "Demo User", createdAt: now),
                session: session("demo", server: local, expiresAt: now.addingTimeInterval(900)), server: local,
                now: now)
        },
        Sample(command: .status, name: "no sessions") {
            try status([])
        },
        Sample(command: .status, name: "three sessions on two servers, one ended, with and without an issuer") {
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
        Sample(command: .status, name: "a session in plain storage") {
            try status([(session("plain-demo", server: local, expiresAt: now.addingTimeInterval(900)), local)])
        },
    ]

    static func samples(of command: Command) -> [Sample] { samples.filter { $0.command == command } }

    // MARK: the schemas

    @Test("Every command that takes --json has a schema in docs/json, and every schema there is one's")
    func everyJSONCommandHasASchema() throws {
        // A command takes --json when its help lists the option (not only mentions it).
        let withJSON = StoriesCommand.configuration.subcommands.filter { command in
            StoriesCommand.helpMessage(for: command).split(separator: "\n").contains {
                $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first == "--json"
            }
        }.compactMap { $0.configuration.commandName }
        #expect(Set(withJSON) == Set(Command.allCases.map(\.rawValue)))
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.schemaDirectory.path)
        #expect(Set(files) == Set(Command.allCases.map { "\($0.rawValue).schema.json" }))
    }

    @Test(
        "A schema is Draft 2020-12, lets every object gain keys, requires each key it lists, has no schemaVersion",
        arguments: Command.allCases)
    func statesTheCompatibilityRule(command: Command) throws {
        let schema = try JSONValue.read(command.schemaURL)
        _ = try command.validator()
        #expect(schema["$schema"] == .string(JSONSchemaSubset.draft202012))
        var objects = 0
        func visit(_ node: JSONValue, at location: String) {
            guard case .object(let keywords) = node else { return }
            if keywords["type"] == .string("object") {
                objects += 1
                #expect(keywords["additionalProperties"] == .bool(true), "\(location) must allow added keys")
                guard case .object(let properties) = keywords["properties"],
                    case .array(let required) = keywords["required"]
                else {
                    Issue.record("\(location) lists no properties or no required keys")
                    return
                }
                #expect(Set(required.compactMap(\.stringValue)) == Set(properties.keys), "\(location)")
                #expect(properties["schemaVersion"] == nil, "\(location)")
            }
            for (keyword, value) in keywords {
                switch keyword {
                case "properties", "$defs":
                    if case .object(let members) = value {
                        for (name, member) in members { visit(member, at: "\(location)/\(keyword)/\(name)") }
                    }
                default:
                    visit(value, at: "\(location)/\(keyword)")
                }
            }
        }
        visit(schema, at: "#")
        #expect(objects > 0)
    }

    @Test("list's story is show's schema, word for word")
    func listAndShowShareTheStory() throws {
        guard case .object(var show) = try JSONValue.read(Command.show.schemaURL) else {
            Issue.record("show.schema.json is not an object")
            return
        }
        for annotation in ["$schema", "title", "description", "$comment"] { show[annotation] = nil }
        guard case .object(var story) = try JSONValue.read(Command.list.schemaURL)["$defs"]?["story"] else {
            Issue.record("list.schema.json has no $defs/story")
            return
        }
        for annotation in ["title", "description", "$comment"] { story[annotation] = nil }
        #expect(JSONValue.object(story) == JSONValue.object(show))
    }

    // MARK: the outputs

    @Test("A command's --json output has every key its schema requires, with the type it gives", arguments: samples)
    func outputMatchesItsSchema(sample: Sample) throws {
        #expect(try sample.command.validator().problems(in: try sample.document()) == [])
    }

    @Test("A command's schema lists every key its --json output contains", arguments: samples)
    func schemaListsEveryKey(sample: Sample) throws {
        #expect(try sample.command.validator().problems(in: try sample.document(), closed: true) == [])
    }

    @Test("The samples give each key that can be null both null and a value", arguments: Command.allCases)
    func samplesCoverNulls(command: Command) throws {
        var seen: [String: Set<String>] = [:]  // key path (array indices dropped) → the JSON types seen
        func collect(_ value: JSONValue, at path: String) {
            seen[path, default: []].insert(value == .null ? "null" : "value")
            switch value {
            case .object(let members): for (key, member) in members { collect(member, at: "\(path).\(key)") }
            case .array(let elements): for element in elements { collect(element, at: "\(path)[]") }
            default: break
            }
        }
        for sample in Self.samples(of: command) { collect(try sample.document(), at: "$") }
        #expect(!seen.isEmpty)
        for (path, kinds) in seen.sorted(by: { $0.key < $1.key }) where kinds.contains("null") {
            #expect(kinds == ["null", "value"], "\(path) is only ever null in the samples")
        }
        // And each nullable property of the schema appears in the samples with null.
        let nullable = Self.nullableProperties(in: try JSONValue.read(command.schemaURL))
        for name in nullable {
            #expect(seen.contains { $0.key.hasSuffix(".\(name)") && $0.value.contains("null") }, "\(name)")
        }
    }

    @Test("Removing or retyping any key of a command's --json output breaks its schema", arguments: Command.allCases)
    func removedOrRetypedKeysFail(command: Command) throws {
        let validator = try command.validator()
        var checked = 0
        for sample in Self.samples(of: command) {
            let document = try sample.document()
            for path in Self.keyPaths(in: document) {
                checked += 1
                let removed = Self.changing(document, at: path, to: nil)
                #expect(!validator.problems(in: removed).isEmpty, "\(sample.testDescription): without \(path)")
                let original = Self.value(in: document, at: path)
                let retyped = Self.changing(document, at: path, to: Self.otherType(than: original))
                #expect(!validator.problems(in: retyped).isEmpty, "\(sample.testDescription): \(path) retyped")
            }
        }
        #expect(checked > 0)
    }

    // MARK: helpers

    enum Step: Hashable, CustomStringConvertible {
        case key(String)
        case index(Int)
        var description: String {
            switch self {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// The path of every object member in `document`, at any depth.
    static func keyPaths(in document: JSONValue, prefix: [Step] = []) -> [[Step]] {
        switch document {
        case .object(let members):
            members.keys.sorted().flatMap { key in
                [prefix + [.key(key)]] + keyPaths(in: members[key] ?? .null, prefix: prefix + [.key(key)])
            }
        case .array(let elements):
            elements.indices.flatMap { keyPaths(in: elements[$0], prefix: prefix + [.index($0)]) }
        default:
            []
        }
    }

    static func value(in document: JSONValue, at path: [Step]) -> JSONValue? {
        guard let step = path.first else { return document }
        switch (step, document) {
        case (.key(let key), .object(let members)):
            return members[key].flatMap { value(in: $0, at: Array(path.dropFirst())) }
        case (.index(let index), .array(let elements)) where elements.indices.contains(index):
            return value(in: elements[index], at: Array(path.dropFirst()))
        default: return nil
        }
    }

    /// `document` with the value at `path` replaced, or removed when `replacement` is nil.
    static func changing(_ document: JSONValue, at path: [Step], to replacement: JSONValue?) -> JSONValue {
        guard let step = path.first else { return replacement ?? .null }
        let rest = Array(path.dropFirst())
        switch (step, document) {
        case (.key(let key), .object(var members)):
            if rest.isEmpty {
                members[key] = replacement
            } else if let member = members[key] {
                members[key] = changing(member, at: rest, to: replacement)
            }
            return .object(members)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            elements[index] = changing(elements[index], at: rest, to: replacement)
            return .array(elements)
        default:
            return document
        }
    }

    /// A value of a JSON type `value` does not have, and that no key of these schemas allows in its place.
    static func otherType(than value: JSONValue?) -> JSONValue {
        switch value {
        case .string, .null: .integer(7)
        case .integer, .number, .bool, .array, .none: .string("retyped")
        case .object: .array([])
        }
    }

    /// The names of the properties, anywhere in `schema`, whose type allows null.
    static func nullableProperties(in schema: JSONValue) -> [String] {
        var names: [String] = []
        func visit(_ node: JSONValue) {
            guard case .object(let keywords) = node else { return }
            if case .object(let properties) = keywords["properties"] {
                for (name, property) in properties {
                    if case .array(let types) = property["type"], types.contains(.string("null")) { names.append(name) }
                }
            }
            for value in keywords.values {
                if case .object(let members) = value { for member in members.values { visit(member) } }
                visit(value)
            }
        }
        visit(schema)
        return Array(Set(names)).sorted()
    }
}
