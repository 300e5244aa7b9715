import APIClient
import APIClientTestSupport
import Foundation
import Logging
import StoriesCLITestSupport
import StoriesData
import StoriesDomain
import Testing

@testable import StoriesCLIKit

/// The `list` and `show` commands over a `MockAPI`: rendering, JSON and warnings, without a network.
@Suite("list and show over a mock API")
struct ListCommandTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func context(_ output: CapturedOutput) -> CommandContext {
        CommandContext(
            server: ResolvedServer(name: .local, url: URL(string: "http://127.0.0.1:8080/v1")!),
            credentialsPath: "/nonexistent",
            output: output,
            input: .piped([]),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            now: { now }
        )
    }

    @Test("Renders rows, warns about skipped items and points at --all when more pages follow")
    func rendersRows() async throws {
        var api = MockAPI()
        api.listStories = { _ in
            .ok(
                .init(
                    body: .json(
                        .fixture(
                            items: [
                                .fixture(
                                    id: "2", title: "Ask: how?", url: nil, createdAt: Self.now.addingTimeInterval(-120)),
                                .fixture(id: "1", url: "not a url"),
                            ],
                            nextCursor: "next"
                        )
                    )
                )
            )
        }
        let output = CapturedOutput()
        try await ListCommand.parse(["--limit", "2"])
            .execute(in: Self.context(output), service: APIStoryService(api: api))
        #expect(output.standard == "2  Ask: how?\n   10 points by alice 2 minutes ago | 2 comments\n")
        #expect(output.error.contains("1 malformed stories from the server were skipped"))
        #expect(
            output.error.contains(
                "More stories follow: `stories-cli list --server local --limit 2 --cursor next` continues, `--all` lists every page.\n"
            ))
    }

    @Test(
        "The footer's command continues with the same options, and offers no larger limit than 100",
        arguments: [
            (["--limit", "100"], "stories-cli list --server local --limit 100 --cursor c2"),
            ([], "stories-cli list --server local --cursor c2"),
            // --start-number, which earlier versions' footers named, is accepted and left out.
            (["--cursor", "c1", "--start-number", "21"], "stories-cli list --server local --cursor c2"),
        ])
    func footerContinues(arguments: [String], command: String) async throws {
        var api = MockAPI()
        api.listStories = { input in
            let limit = input.query.limit ?? 20
            return .ok(
                .init(
                    body: .json(
                        .fixture(
                            items: (1...limit).map { .fixture(id: String(1000 - $0), createdAt: Self.now) },
                            nextCursor: "c2"))))
        }
        let output = CapturedOutput()
        try await ListCommand.parse(arguments).execute(in: Self.context(output), service: APIStoryService(api: api))
        #expect(output.error == "More stories follow: `\(command)` continues, `--all` lists every page.\n")
        #expect(output.standard.hasPrefix("999  "))
    }

    @Test("Row numbers cannot be mistaken for ids: each row is led by the id show takes, and no row is numbered")
    func rowsLedByIDs() async throws {
        var api = MockAPI()
        // Ids 500 down to 481, as a server with 500 stories lists its newest page.
        api.listStories = { _ in
            .ok(
                .init(
                    body: .json(
                        .fixture(
                            items: (481...500).reversed().map { .fixture(id: String($0), createdAt: Self.now) },
                            nextCursor: nil))))
        }
        let output = CapturedOutput()
        try await ListCommand.parse([]).execute(in: Self.context(output), service: APIStoryService(api: api))
        let lines = output.standard.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let titleLines = stride(from: 0, to: lines.count, by: 2).map { lines[$0] }
        #expect(titleLines.map { $0.prefix(5) } == (481...500).reversed().map { "\($0)  " })
        // No line starts with a position ("3." or "#3") that `show 3` could be typed from.
        for line in lines {
            #expect(line.range(of: #"^\s*#?[0-9]+\.\s"#, options: .regularExpression) == nil, "\(line)")
        }
    }

    @Test("Prints one story as stable JSON with null for a missing url")
    func showsJSON() async throws {
        var api = MockAPI()
        api.getStory = { _ in .ok(.init(body: .json(.fixture(id: "7", url: nil, createdAt: Self.now)))) }
        let output = CapturedOutput()
        try await ShowCommand.parse(["7", "--json"])
            .execute(in: Self.context(output), service: APIStoryService(api: api))
        #expect(
            output.standard == """
                {
                  "author" : "alice",
                  "commentCount" : 2,
                  "createdAt" : "2027-01-15T08:00:00Z",
                  "id" : "7",
                  "score" : 10,
                  "title" : "A story",
                  "url" : null
                }

                """
        )
    }
}
