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
        #expect(output.standard == "1. Ask: how?\n   10 points by alice 2 minutes ago | 2 comments | id 2\n")
        #expect(output.error.contains("1 malformed stories from the server were skipped"))
        #expect(
            output.error.contains(
                "More stories follow: `stories-cli list --server local --limit 2 --cursor next --start-number 2` continues, `--all` lists every page.\n"
            ))
    }

    @Test(
        "The footer's command continues with the same options and numbering, and offers no larger limit than 100",
        arguments: [
            (["--limit", "100"], "stories-cli list --server local --limit 100 --cursor c2 --start-number 101"),
            ([], "stories-cli list --server local --cursor c2 --start-number 21"),
            (
                ["--cursor", "c1", "--start-number", "21"],
                "stories-cli list --server local --cursor c2 --start-number 41"
            ),
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
        let first = arguments.contains("--start-number") ? 21 : 1
        #expect(output.standard.drop { $0 == " " }.hasPrefix("\(first). "))
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
