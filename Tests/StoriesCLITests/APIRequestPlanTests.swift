import Foundation
import HTTPTypes
import Testing

@testable import StoriesCLIKit

@Suite("stories-cli api: arguments")
struct APIRequestPlanTests {
    static let serverURL = URL(string: "http://127.0.0.1:8080/v1")!

    static func plan(
        _ arguments: APIRequestPlan.Arguments, standardInput: String? = nil
    ) throws(APIArgumentError) -> APIRequestPlan {
        try APIRequestPlan.make(arguments, serverURL: serverURL) { limit in
            standardInput.map { Array($0.utf8.prefix(limit + 1)) }
        }
    }

    @Test(
        "-F reads true, false, null and integers as JSON values and everything else as a string",
        arguments: [
            ("flag=true", APIRequestField.Value.boolean(true)), ("flag=false", .boolean(false)), ("gone=null", .null),
            ("count=42", .integer(42)), ("count=-7", .integer(-7)),
            ("big=123456789012345678901234", .string("123456789012345678901234")),
            ("name=True", .string("True")), ("empty=", .string("")), ("version=1.5", .string("1.5")),
            ("equation=a=b", .string("a=b")),
        ])
    func typedFields(argument: String, expected: APIRequestField.Value) throws {
        let field = try APIRequestField.typed(argument) { _ throws(APIArgumentError) in "" }
        #expect(field.value == expected)
    }

    @Test("-f keeps every value a string", arguments: ["flag=true", "count=42", "gone=null", "path=@file"])
    func rawFieldsStayStrings(argument: String) throws {
        let field = try APIRequestField.raw(argument)
        #expect(field.value == .string(String(argument.split(separator: "=", maxSplits: 1)[1])))
    }

    @Test("A field without key=value is a usage error", arguments: ["novalue", "=value", ""])
    func malformedFields(argument: String) {
        #expect(throws: APIArgumentError.malformedField(flag: "-f", argument: argument)) {
            try Self.plan(.init(path: "/me", rawFields: [argument]))
        }
        #expect(throws: APIArgumentError.malformedField(flag: "-F", argument: argument)) {
            try Self.plan(.init(path: "/me", typedFields: [argument]))
        }
    }

    @Test("-F key=@FILE sends the file's contents, and an unreadable file is a usage error")
    func fieldFromFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("api-field-\(UUID().uuidString)").path
        try "s3cret pass".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = try Self.plan(.init(path: "/users", typedFields: ["password=@\(path)"]))
        #expect(String(decoding: plan.body ?? [], as: UTF8.self) == #"{"password":"s3cret pass"}"#)
        #expect(throws: APIArgumentError.unreadableFile(path: path + ".missing", errorNumber: ENOENT)) {
            try Self.plan(.init(path: "/users", typedFields: ["password=@\(path).missing"]))
        }
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: APIArgumentError.unreadableFile(path: directory, errorNumber: EISDIR)) {
            try Self.plan(.init(path: "/users", input: directory))
        }
    }

    @Test(
        "The method is GET without fields and POST with them or with --input, and -X overrides it",
        arguments: [
            (APIRequestPlan.Arguments(path: "/me"), HTTPRequest.Method.get),
            (.init(path: "/users", rawFields: ["a=b"]), .post),
            (.init(path: "/users", input: "-"), .post),
            (.init(path: "/users", method: "put", rawFields: ["a=b"]), .put),
            (.init(path: "/stories", method: "GET", rawFields: ["limit=5"]), .get),
        ])
    func method(arguments: APIRequestPlan.Arguments, expected: HTTPRequest.Method) throws {
        #expect(try Self.plan(arguments, standardInput: "{}").method == expected)
    }

    @Test("Fields become a JSON body for POST, sorted, the last one for a key winning, typed as given")
    func jsonBody() throws {
        let plan = try Self.plan(
            .init(path: "/users", rawFields: ["username=alice", "note=a/b"], typedFields: ["age=30", "admin=false"]))
        #expect(
            String(decoding: plan.body ?? [], as: UTF8.self)
                == #"{"admin":false,"age":30,"note":"a/b","username":"alice"}"#)
        #expect(plan.headerFields[.contentType] == "application/json")
        #expect(plan.target.relativePath == "/users")
    }

    @Test("Fields go into the query string for GET, and with --input as the body, percent-encoded")
    func queryFields() throws {
        let get = try Self.plan(.init(path: "/stories?x=1", method: "GET", rawFields: ["cursor=a+b&c", "limit=5"]))
        #expect(get.target.relativePath == "/stories?x=1&cursor=a%2Bb%26c&limit=5")
        #expect(get.body == nil)
        let withInput = try Self.plan(.init(path: "/users", rawFields: ["dry=1"], input: "-"), standardInput: "{}\n")
        #expect(withInput.target.relativePath == "/users?dry=1")
        #expect(withInput.body == Array("{}\n".utf8))
    }

    @Test(
        "A path is relative to the API root; a full URL must lie under the server URL",
        arguments: [
            ("/me", "/me"), ("me", "/me"), ("/v1/me", "/v1/me"), ("/stories?limit=2", "/stories?limit=2"),
            ("http://127.0.0.1:8080/v1/me", "/me"), ("http://127.0.0.1:8080/v1", "/"),
            ("HTTP://127.0.0.1:8080/v1/stories?limit=1", "/stories?limit=1"),
        ])
    func resolvesPaths(argument: String, relativePath: String) throws {
        #expect(try APIRequestTarget.resolve(argument, serverURL: Self.serverURL).relativePath == relativePath)
    }

    @Test(
        "A URL outside the server URL is refused: another host, port, scheme or base path",
        arguments: [
            "http://127.0.0.2:8080/v1/me", "http://127.0.0.1:8081/v1/me", "https://127.0.0.1:8080/v1/me",
            "http://127.0.0.1:8080/oauth/token", "http://127.0.0.1:8080/v1beta/me", "http://evil.example/v1/me",
            "ftp://127.0.0.1:8080/v1/me",
        ])
    func refusesOtherServers(argument: String) {
        #expect(throws: APIArgumentError.outsideServer(url: argument, server: Self.serverURL.absoluteString)) {
            try Self.plan(.init(path: argument))
        }
    }

    @Test(
        "A path that climbs out of the server URL with dot segments, or starts with an empty segment, is refused",
        arguments: [
            "/../../prod/v1/me", "/./me", "/stories/../../oauth/token", "/%2e%2e/%2E%2E/x", "//x/me",
            "http://127.0.0.1:8080/v1/../oauth/token", "http://127.0.0.1:8080/v1/%2e%2e/oauth/token",
        ])
    func refusesDotSegments(argument: String) {
        #expect(throws: APIArgumentError.self) { try Self.plan(.init(path: argument)) }
    }

    @Test("A server URL whose path has an escaped character still takes paths under it")
    func escapedBasePath() throws {
        let server = URL(string: "http://127.0.0.1:8080/my%20api/v1")!
        #expect(try APIRequestTarget.resolve("/me", serverURL: server).relativePath == "/me")
        #expect(
            try APIRequestTarget.resolve("http://127.0.0.1:8080/my%20api/v1/me", serverURL: server).relativePath
                == "/me")
    }

    @Test(
        "-H takes 'Name: value'; malformed fields and the ones the session sets are usage errors",
        arguments: [
            ("Accept: application/json", nil), ("X-Trace:abc", nil), ("no colon", .malformedHeader("no colon")),
            ("Bad Name: x", .malformedHeader("Bad Name: x")), (": x", .malformedHeader(": x")),
            ("Authorization: Bearer x", .reservedHeader("Authorization")), ("dpop: x", .reservedHeader("dpop")),
            ("Host: elsewhere", .reservedHeader("Host")), ("Content-Length: 5", .reservedHeader("Content-Length")),
        ] as [(String, APIArgumentError?)])
    func headers(argument: String, expected: APIArgumentError?) throws {
        if let expected {
            #expect(throws: expected) { try Self.plan(.init(path: "/me", headers: [argument])) }
        } else {
            #expect(try Self.plan(.init(path: "/me", headers: [argument])).headerFields.count == 1)
        }
    }

    @Test(
        "Combinations that cannot work are usage errors",
        arguments: [
            (APIRequestPlan.Arguments(path: "/me", method: "GE T"), APIArgumentError.malformedMethod("GE T")),
            (.init(path: "/stories", method: "POST", paginate: true), .paginateNeedsGET(method: "POST")),
            (.init(path: "/stories", slurp: true), .slurpNeedsPaginate),
            (.init(path: "/stories", include: true, paginate: true, slurp: true), .slurpWithInclude),
            (.init(path: "/users", typedFields: ["a=@-"], input: "-"), .standardInputTwice),
            (.init(path: ""), .malformedPath("")),
            (.init(path: "/me#top"), .malformedPath("/me#top")),
        ])
    func refusedCombinations(arguments: APIRequestPlan.Arguments, expected: APIArgumentError) {
        #expect(throws: expected) { try Self.plan(arguments, standardInput: "x") }
    }

    @Test("A body over 1 MiB is refused before anything is sent")
    func inputTooLarge() {
        let large = String(repeating: "x", count: APIInputFile.limit + 1)
        #expect(throws: APIArgumentError.inputTooLarge(path: "-", limit: APIInputFile.limit)) {
            try Self.plan(.init(path: "/users", input: "-"), standardInput: large)
        }
    }

    @Test("Every argument error is a usage error (exit 64)")
    func usageExit() {
        let errors: [APIArgumentError] = [
            .malformedField(flag: "-f", argument: "x"), .malformedHeader("x"), .reservedHeader("DPoP"),
            .malformedMethod("x"), .malformedPath("x"), .outsideServer(url: "x", server: "y"),
            .unreadableFile(path: "x", errorNumber: ENOENT), .unreadableFile(path: "-", errorNumber: nil),
            .inputTooLarge(path: "x", limit: 1), .standardInputTwice, .paginateNeedsGET(method: "POST"),
            .slurpNeedsPaginate, .slurpWithInclude,
        ]
        for error in errors {
            #expect(FailureMessages.failureBeforeConnecting(error).exitStatus == .usage, "\(error)")
        }
    }

    @Test(
        "A status outside 2xx exits as documented: 77 for 401 and 403, 69 for 408, 429 and 5xx, else 1",
        arguments: [
            (401, CLIExitCode.signInRequired), (403, .signInRequired), (408, .unreachable), (429, .unreachable),
            (500, .unreachable), (503, .unreachable), (400, .failure), (404, .failure), (405, .failure),
            (409, .failure), (302, .failure),
        ])
    func statusExit(code: Int, expected: CLIExitCode) {
        let failure = APIResponseFailure.status(code: code, reason: "Reason", relativePath: "/x", basePath: "/v1")
        #expect(FailureMessages.failureBeforeConnecting(failure).exitStatus == expected)
    }

    @Test("A 404 for a path that repeats the API root's path names the path without it")
    func notFoundHint() {
        let failure = APIResponseFailure.status(
            code: 404, reason: "Not Found", relativePath: "/v1/me", basePath: "/v1")
        #expect(FailureMessages.failureBeforeConnecting(failure).message.contains("`stories-cli api /me`"))
    }
}

@Suite("stories-cli api: responses")
struct APIResponseTests {
    static let serverURL = URL(string: "http://127.0.0.1:8080/v1")!

    @Test(
        "--paginate follows the Link header's next target, relative to the page, else the body's nextCursor",
        arguments: [
            (#"<?cursor=30&limit=20>; rel="next""#, #"{"items":[]}"#, "/stories?cursor=30&limit=20"),
            (#"<http://127.0.0.1:8080/v1/stories?cursor=9>; rel="next""#, "{}", "/stories?cursor=9"),
            (nil, #"{"items":[],"nextCursor":"17"}"#, "/stories?limit=20&cursor=17"),
            (nil, #"{"items":[],"nextCursor":"a+b"}"#, "/stories?limit=20&cursor=a%2Bb"),
            (#"<?cursor=1>; rel="prev""#, #"{"items":[]}"#, nil), (nil, #"{"items":[]}"#, nil), (nil, "not json", nil),
        ] as [(String?, String, String?)])
    func nextPage(link: String?, body: String, expected: String?) throws {
        var response = HTTPResponse(status: .ok)
        if let link { response.headerFields[HTTPField.Name("Link")!] = link }
        let current = try APIRequestTarget.resolve("/stories?limit=20", serverURL: Self.serverURL)
        let next = try APINextPage.target(
            after: response, body: Array(body.utf8), of: current, serverURL: Self.serverURL)
        #expect(next?.relativePath == expected)
    }

    @Test("Following nextCursor keeps the page's query as it was sent and replaces only the cursor")
    func nextCursorKeepsQuery() throws {
        let current = try APIRequestTarget.resolve("/stories?q=a+b%2Bc&cursor=6&limit=20", serverURL: Self.serverURL)
        let next = try APINextPage.target(
            after: HTTPResponse(status: .ok), body: Array(#"{"nextCursor":"7"}"#.utf8), of: current,
            serverURL: Self.serverURL)
        #expect(next?.relativePath == "/stories?q=a+b%2Bc&limit=20&cursor=7")
    }

    @Test("A next-page link outside the server URL stops paging with exit 65")
    func nextPageElsewhere() throws {
        var response = HTTPResponse(status: .ok)
        response.headerFields[HTTPField.Name("Link")!] = #"<http://evil.example/v1/stories?cursor=1>; rel="next""#
        let current = try APIRequestTarget.resolve("/stories", serverURL: Self.serverURL)
        #expect(throws: APIResponseFailure.nextPageOutsideServer(link: "http://evil.example/v1/stories?cursor=1")) {
            try APINextPage.target(after: response, body: [], of: current, serverURL: Self.serverURL)
        }
        let failure = APIResponseFailure.nextPageOutsideServer(link: "x")
        #expect(FailureMessages.failureBeforeConnecting(failure).exitStatus == .malformedData)
    }

    @Test("--include prints the status line and fields, credential fields redacted and controls removed")
    func head() {
        var response = HTTPResponse(status: .ok)
        response.headerFields[.contentType] = "application/json"
        response.headerFields[HTTPField.Name("DPoP-Nonce")!] = "nonce-1"
        response.headerFields[.authorization] = "DPoP secret-token"
        response.headerFields[HTTPField.Name("DPoP")!] = "eyJproof"
        response.headerFields[.setCookie] = "session=secret"
        response.headerFields[HTTPField.Name("X-Title")!] = "a\u{1B}]0;owned\u{07}b"
        let head = APIExchange.head(of: response)
        #expect(head.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(APIExchange.head(of: HTTPResponse(status: .init(code: 204))).hasPrefix("HTTP/1.1 204\n"))
        #expect(head.contains("DPoP-Nonce: nonce-1\n"))
        #expect(head.contains("Authorization: <redacted>\n"))
        #expect(head.contains("DPoP: <redacted>\n"))
        #expect(head.contains("Set-Cookie: <redacted>\n"))
        #expect(!head.contains("secret") && !head.contains("eyJ") && !head.contains("\u{1B}"))
        #expect(head.hasSuffix("\n\n"))
    }
}
