import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import StoriesCLITestSupport
import Synchronization
import Testing

@testable import StoriesCLIKit

@Suite("stories-cli api: the exchange")
struct APIExchangeTests {
    static let serverURL = URL(string: "http://127.0.0.1:8080/v1")!

    /// Answers each request with the next scripted answer, and records the paths asked for.
    final class ScriptedTransport: ClientTransport {
        let answers: Mutex<[(HTTPResponse, String)]>
        let paths = Mutex<[String]>([])

        init(_ answers: [(HTTPResponse, String)]) { self.answers = Mutex(answers) }

        func send(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
        ) async throws -> (HTTPResponse, HTTPBody?) {
            paths.withLock { $0.append(request.path ?? "") }
            let (response, body) = answers.withLock { $0.removeFirst() }
            return (response, HTTPBody(body))
        }
    }

    static func page(_ body: String, next: String? = nil, status: HTTPResponse.Status = .ok) -> (HTTPResponse, String) {
        var response = HTTPResponse(status: status)
        if let next { response.headerFields[HTTPField.Name("Link")!] = "<?cursor=\(next)>; rel=\"next\"" }
        return (response, body)
    }

    static func run(
        _ arguments: APIRequestPlan.Arguments, answers: [(HTTPResponse, String)], output: CapturedOutput = .init(),
        maximumPages: Int = 10
    ) async -> (error: (any Error)?, output: CapturedOutput, paths: [String]) {
        let transport = ScriptedTransport(answers)
        let exchange = APIExchange(
            client: RawAPIClient(serverURL: serverURL, transport: transport, middlewares: []), output: output,
            maximumResponseBytes: 1 << 20, maximumPages: maximumPages)
        do {
            let plan = try APIRequestPlan.make(arguments, serverURL: serverURL) { _ in nil }
            try await exchange.run(plan)
            return (nil, output, transport.paths.withLock { $0 })
        } catch {
            return (error, output, transport.paths.withLock { $0 })
        }
    }

    @Test("--paginate prints one document per page, following Link and then nextCursor, until neither says more")
    func paginates() async {
        let run = await Self.run(
            .init(path: "/stories", paginate: true),
            answers: [
                Self.page(#"{"items":[1],"nextCursor":"2"}"#, next: "2"), Self.page(#"{"items":[2],"nextCursor":"3"}"#),
                Self.page(#"{"items":[3]}"#),
            ])
        #expect(run.error == nil)
        #expect(run.paths == ["/stories", "/stories?cursor=2", "/stories?cursor=3"])
        #expect(
            run.output.standard
                == "{\"items\":[1],\"nextCursor\":\"2\"}\n{\"items\":[2],\"nextCursor\":\"3\"}\n{\"items\":[3]}\n")
    }

    @Test("--slurp prints the pages as one array, and closes it over the pages before one that fails")
    func slurps() async {
        let whole = await Self.run(
            .init(path: "/stories", paginate: true, slurp: true),
            answers: [Self.page(#"{"a":1}"#, next: "2"), Self.page("{\"a\":2}\n")])
        #expect(whole.error == nil)
        #expect(whole.output.standard == "[{\"a\":1},{\"a\":2}]\n")

        let cut = await Self.run(
            .init(path: "/stories", paginate: true, slurp: true),
            answers: [Self.page(#"{"a":1}"#, next: "2"), Self.page(#"{"error":"down"}"#, status: .serviceUnavailable)])
        #expect(cut.output.standard == "[{\"a\":1}]\n")
        #expect(cut.output.error.contains(#"{"error":"down"}"#))
        #expect(
            cut.error as? APIResponseFailure
                == .status(code: 503, reason: "Service Unavailable", relativePath: "/stories?cursor=2", basePath: "/v1")
        )
    }

    @Test("A page --slurp cannot read as JSON stops with exit 65, the array closed")
    func slurpNeedsJSON() async {
        let run = await Self.run(
            .init(path: "/stories", paginate: true, slurp: true),
            answers: [Self.page(#"{"a":1}"#, next: "2"), Self.page("<html>")])
        #expect(run.error as? APIResponseFailure == .pageNotJSON(page: 2))
        #expect(run.output.standard == "[{\"a\":1}]\n")
    }

    @Test("A listing that never ends stops at the page limit")
    func pageLimit() async {
        let run = await Self.run(
            .init(path: "/stories", paginate: true),
            answers: (1...3).map { Self.page("{}", next: "\($0 + 1)") }, maximumPages: 3)
        #expect(run.error as? APIResponseFailure == .tooManyPages(limit: 3))
        #expect(run.paths.count == 3)
    }

    @Test("An answer outside 2xx prints its body on stdout and fails with its status")
    func errorBody() async {
        let run = await Self.run(
            .init(path: "/stories/9"), answers: [Self.page(#"{"title":"Not Found"}"#, status: .notFound)])
        #expect(run.output.standard == "{\"title\":\"Not Found\"}\n")
        #expect(
            run.error as? APIResponseFailure
                == .status(code: 404, reason: "Not Found", relativePath: "/stories/9", basePath: "/v1"))
    }

    @Test(
        "On a terminal the body's controls are made harmless; through a pipe it is unchanged",
        arguments: [
            (Int?.none, "{\"t\":\"a\u{1B}]0;x\u{07}\u{202E}b\"}\n"),
            (80, "{\"t\":\"a\u{FFFD}]0;x\u{FFFD}\\u202Eb\"}\n"),
        ])
    func terminalSafety(lineWidth: Int?, expected: String) async {
        let run = await Self.run(
            .init(path: "/me"), answers: [Self.page("{\"t\":\"a\u{1B}]0;x\u{07}\u{202E}b\"}")],
            output: CapturedOutput(lineWidth: lineWidth))
        #expect(run.error == nil)
        #expect(run.output.standard == expected)
    }

    @Test(
        "A failing page's body on stderr has its controls made harmless, also when stdout is a pipe",
        arguments: [Int?.none, 80])
    func errorStreamIsSafe(lineWidth: Int?) async {
        let run = await Self.run(
            .init(path: "/stories", paginate: true, slurp: true),
            answers: [
                Self.page(#"{"a":1}"#, next: "2"),
                Self.page("{\"e\":\"\u{1B}]52;c;cHduZWQ=\u{07}x\rover\"}", status: .serviceUnavailable),
            ],
            output: CapturedOutput(lineWidth: lineWidth))
        #expect(run.output.standard == "[{\"a\":1}]\n")
        #expect(!run.output.error.contains("\u{1B}"))
        #expect(!run.output.error.contains("\u{07}"))
        #expect(!run.output.error.contains("\r"))
        #expect(run.output.error.contains("over"))
    }

    @Test("On a terminal a lone carriage return cannot overwrite the line; CRLF line ends stay line ends")
    func carriageReturnOnTerminal() async {
        let run = await Self.run(
            .init(path: "/me"), answers: [Self.page("line one\r\nsecret\rshown")],
            output: CapturedOutput(lineWidth: 80))
        #expect(run.output.standard == "line one\nsecret\u{FFFD}shown\n")
    }
}
