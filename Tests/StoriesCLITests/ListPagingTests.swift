import APIClient
import APIClientTestSupport
import Foundation
import Logging
import StoriesCLITestSupport
import StoriesData
import StoriesDomain
import Synchronization
import Testing

@testable import StoriesCLIKit

/// `list --all` over a scripted API: paging always ends, a failed page keeps what was printed, and the JSON document
/// is closed whatever happens.
@Suite("list --all paging", .timeLimit(.minutes(1)))
struct ListPagingTests {
    /// How many rows of a human listing `id` leads (rows start with their story's id).
    static func rows(of id: String, in listing: String) -> Int {
        listing.split(separator: "\n").filter { $0.hasPrefix(id + "  ") }.count
    }

    /// A listing API scripted by cursor: `pages[cursor]` is the page's items and next cursor, or an error.
    static func api(
        requests: ListingRequests,
        _ page: @escaping @Sendable (_ cursor: String?) throws -> (ids: [String], next: String?)
    ) -> MockAPI {
        var api = MockAPI()
        api.listStories = { input in
            requests.record(cursor: input.query.cursor, limit: input.query.limit ?? 0)
            let (ids, next) = try page(input.query.cursor)
            return .ok(.init(body: .json(.fixture(items: ids.map { .fixture(id: $0) }, nextCursor: next))))
        }
        return api
    }

    static func run(
        _ arguments: [String], api: MockAPI, maximumPages: Int = 50, showsProgress: Bool = false
    ) async -> (status: CLIExitCode, output: CapturedOutput) {
        let output = CapturedOutput(showsProgress: showsProgress)
        var context = ListCommandTests.context(output)
        context.limits.maximumPages = maximumPages
        let command = try! ListCommand.parse(arguments)
        do {
            try await command.execute(in: context, service: APIStoryService(api: api))
            return (.success, output)
        } catch {
            let failure = FailureMessages.failure(for: error, server: context.server)
            output.writeError("error: \(failure.message)\n")
            return (failure.exitStatus, output)
        }
    }

    @Test(
        "A first page that fails writes nothing on standard output: no \"No stories yet.\", no empty JSON document",
        arguments: [[], ["--json"], ["--all"], ["--all", "--json"]])
    func firstPageFails(arguments: [String]) async {
        let api = Self.api(requests: ListingRequests()) { _ in
            throw APIFailure.unavailable(status: 503, retryAfter: nil)
        }
        let result = await Self.run(arguments, api: api)
        #expect(result.status == .unreachable)
        #expect(result.output.standard.isEmpty)
    }

    @Test("A server that hands out the same cursor again is a protocol error after the pages it sent")
    func repeatedCursor() async {
        let requests = ListingRequests()
        let api = Self.api(requests: requests) { cursor in
            cursor == nil ? (["1"], "again") : (["2"], "again")
        }
        let result = await Self.run(["--all"], api: api)
        #expect(result.status == .malformedData)
        #expect(result.output.error.contains("cursor it had returned before"))
        #expect(requests.all.count == 2)
        #expect(Self.rows(of: "1", in: result.output.standard) == 1)
        #expect(Self.rows(of: "2", in: result.output.standard) == 1)
    }

    @Test(
        "One page from a --cursor whose next cursor is that same cursor is written, then a protocol error, not a hint",
        arguments: [[], ["--json"]])
    func repeatedStartCursor(arguments: [String]) async {
        let requests = ListingRequests()
        let api = Self.api(requests: requests) { _ in (["7"], "here") }
        let result = await Self.run(["--cursor", "here"] + arguments, api: api)
        #expect(result.status == .malformedData)
        #expect(result.output.error.contains("cursor it had returned before"))
        #expect(!result.output.error.contains("More stories follow"))
        #expect(requests.all.count == 1)
        #expect(result.output.standard.components(separatedBy: "7").count == 2, "the page is written once")
        if arguments == ["--json"] {
            #expect(result.output.standard.contains(#""nextCursor" : "here""#))
        }
    }

    @Test("A page is written once even when the listing ends without a next page at the page cap")
    func pageWrittenOnceAtCap() async {
        let api = Self.api(requests: ListingRequests()) { cursor in
            cursor == nil ? (["1"], "next") : (["2"], nil)
        }
        let result = await Self.run(["--all"], api: api, maximumPages: 1)
        #expect(Self.rows(of: "1", in: result.output.standard) == 1, "\(result.output.standard)")
    }

    @Test("A listing that never ends stops at the page cap and says so")
    func pageCap() async {
        let requests = ListingRequests()
        let api = Self.api(requests: requests) { cursor in
            let page = Int(cursor ?? "0")!
            return (["\(page)"], "\(page + 1)")
        }
        let result = await Self.run(["--all"], api: api, maximumPages: 7)
        #expect(result.status == .malformedData)
        #expect(result.output.error.contains("after 7"))
        #expect(requests.all.count == 7)
    }

    @Test("A page that fails stops --all with that page's error and keeps the rows already printed")
    func failedPage() async {
        let requests = ListingRequests()
        let api = Self.api(requests: requests) { cursor in
            guard cursor == nil else { throw APIFailure.unavailable(status: 500, retryAfter: nil) }
            return (["1"], "c2")
        }
        let result = await Self.run(["--all"], api: api)
        #expect(result.status == .unreachable)
        #expect(Self.rows(of: "1", in: result.output.standard) == 1)
        #expect(requests.all.count == 2)
    }

    @Test("--json closes the document when a page fails, pointing nextCursor at the page that failed")
    func failedPageJSON() async throws {
        let requests = ListingRequests()
        let api = Self.api(requests: requests) { cursor in
            guard cursor == nil else { throw APIFailure.unreachable(.connectionLost) }
            return (["1", "2"], "c2")
        }
        let result = await Self.run(["--all", "--json"], api: api)
        #expect(result.status == .unreachable)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.standard.utf8)) as? [String: Any])
        #expect((object["stories"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["1", "2"])
        #expect(object["nextCursor"] as? String == "c2")
        #expect((object["skipped"] as? [Any])?.isEmpty == true)
    }

    @Test("--json over several pages is one valid document with every story in order")
    func jsonAcrossPages() async throws {
        let requests = ListingRequests()
        let api = Self.api(requests: requests) { cursor in
            switch cursor {
            case nil: (["1", "2"], "b")
            case "b": ([], "c")
            default: (["3"], nil)
            }
        }
        let result = await Self.run(["--all", "--json"], api: api)
        #expect(result.status == .success, "\(result.output.error)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.standard.utf8)) as? [String: Any])
        #expect((object["stories"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["1", "2", "3"])
        #expect(object["nextCursor"] is NSNull)
    }

    @Test("--json over several pages keeps the documented layout: two-space indent, sorted keys, one story a block")
    func jsonLayoutAcrossPages() async throws {
        let api = Self.api(requests: ListingRequests()) { cursor in
            cursor == nil ? (["1", "2"], "b") : (["3"], nil)
        }
        let result = await Self.run(["--all", "--json"], api: api)
        #expect(result.status == .success, "\(result.output.error)")
        let story = { (id: String) in
            """
                {
                  "author" : "alice",
                  "commentCount" : 2,
                  "createdAt" : "2026-09-21T14:13:20Z",
                  "id" : "\(id)",
                  "score" : 10,
                  "title" : "A story",
                  "url" : "https://example.com/a-story"
                }
            """
        }
        #expect(
            result.output.standard == """
                {
                  "stories" : [
                \(story("1")),
                \(story("2")),
                \(story("3"))
                  ],
                  "nextCursor" : null,
                  "skipped" : [

                  ]
                }

                """
        )
    }

    @Test(
        "--all asks for the largest page the API allows unless --limit says otherwise",
        arguments: [(["--all"], 100), (["--all", "--limit", "7"], 7), ([], 20), (["--limit", "5"], 5)])
    func pageSize(arguments: [String], expected: Int) async {
        let requests = ListingRequests()
        let api = Self.api(requests: requests) { _ in (["1"], nil) }
        let result = await Self.run(arguments, api: api)
        #expect(result.status == .success)
        #expect(requests.all.map(\.limit) == [expected])
    }

    @Test(
        "--all draws a progress line on a watching terminal and erases it; never otherwise", arguments: [true, false])
    func progressLine(showsProgress: Bool) async {
        let requests = ListingRequests()
        let api = Self.api(requests: requests) { cursor in
            switch cursor {
            case nil: (["1", "2"], "b")
            case "b": (["3"], "c")
            default: (["4"], nil)
            }
        }
        let result = await Self.run(["--all", "--json"], api: api, showsProgress: showsProgress)
        #expect(result.status == .success)
        if showsProgress {
            #expect(result.output.error.contains("\r\u{1B}[2K4 stories, 3 pages, "))
            #expect(result.output.error.hasSuffix("\r\u{1B}[2K"))
        } else {
            #expect(result.output.error.isEmpty)
        }
        #expect(!result.output.standard.contains("stories/s"))
    }

    @Test("An empty listing says so in the human layout and is an empty document in JSON")
    func emptyListing() async throws {
        let requests = ListingRequests()
        let api = Self.api(requests: requests) { _ in ([], nil) }
        #expect(await Self.run([], api: api).output.standard == "No stories yet.\n")
        let json = await Self.run(["--json"], api: api).output.standard
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["stories"] as? [Any])?.isEmpty == true)
    }
}

@Suite("list --cursor")
struct ListCursorTests {
    @Test("--cursor starts at the page a --json listing pointed at, alone or with --all")
    func startsAtCursor() async {
        let requests = ListingRequests()
        let api = ListPagingTests.api(requests: requests) { cursor in
            cursor == "c2" ? (["2"], "c3") : cursor == "c3" ? (["3"], nil) : (["1"], "c2")
        }
        let single = await ListPagingTests.run(["--cursor", "c2"], api: api)
        #expect(single.status == .success)
        #expect(ListPagingTests.rows(of: "2", in: single.output.standard) == 1)
        #expect(ListPagingTests.rows(of: "1", in: single.output.standard) == 0)
        let all = await ListPagingTests.run(["--cursor", "c2", "--all"], api: api)
        #expect(ListPagingTests.rows(of: "3", in: all.output.standard) == 1)
        #expect(requests.all.map(\.cursor) == ["c2", "c2", "c3"])
    }

    @Test("An empty or multi-line cursor is a usage error", arguments: ["", "a\nb"])
    func refusesBadCursor(cursor: String) {
        #expect(throws: (any Error).self) { try ListCommand.parse(["--cursor", cursor]) }
    }
}
