import ArgumentParser
import CommandReference

/// `stories-cli api PATH`: any request to the API with the session's authorisation, as `gh api` makes one to
/// GitHub's, for what no other command covers.
struct APICommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Make an authenticated request to the API.",
        discussion: """
            For what no other command covers. PATH is relative to the API root, the server URL (which ends in \
            /v1): `api /me` asks for <server URL>/me, and `api /v1/me` for <server URL>/v1/me. A full URL is \
            accepted only under the server URL (exit 64 otherwise): the session goes to no other server.

            Each request is authorised as every other command's: the bearer token, or a new DPoP proof with the \
            server's nonce; an expired token is renewed first, under the same lock. No token or proof is \
            printed: --include shows credential fields of the response as <redacted>.

            Fields (-f string, -F typed: true, false, null, integers, @FILE) go into a JSON body and make the \
            method POST; with -X GET, or with --input as the body, they go into the query string. Bodies are at \
            most 1 MiB. --paginate follows each page's Link rel="next" header, else the nextCursor of its JSON \
            body, printing one JSON document per page; --slurp prints them as one array. There is no --jq: pipe \
            into jq.

            A 2xx answer exits 0. Otherwise the body is still printed, stderr names the status, and the exit \
            status is 77 for 401 and 403, 69 for 408, 429 and 5xx, else 1. Details: docs/CLI.md.
            """
    )

    static let examples = [
        CommandExample("The signed-in account, as the API returns it", "stories-cli api /me"),
        CommandExample(
            "Every story, page after page, into one array, then their titles with jq",
            "stories-cli api '/stories?limit=100' --paginate --slurp | jq -r '.[].items[].title'"),
        CommandExample(
            "A POST with a JSON body from fields; -F reads the password from a file",
            "stories-cli api /users -f username=alice -F password=@password.txt"),
        CommandExample(
            "The status line and header fields before the body", "stories-cli api --include /stories/42"),
        CommandExample(
            "A body from standard input", "printf '%s' \"$json\" | stories-cli api -X POST /users --input -"),
    ]

    @Argument(help: ArgumentHelp("The path under the API root (e.g. /me), or a full URL under the server URL."))
    var path: String

    @Option(
        name: [.customShort("X"), .long],
        help: ArgumentHelp("The HTTP method (default: GET, or POST with fields or --input).", valueName: "method"))
    var method: String?

    @Option(
        name: [.customShort("f"), .customLong("raw-field")],
        help: ArgumentHelp("A string field of the body or query; repeatable.", valueName: "key=value"))
    var rawFields: [String] = []

    @Option(
        name: [.customShort("F"), .customLong("field")],
        help: ArgumentHelp(
            "A typed field: true, false, null or an integer as JSON, @FILE the file's contents; repeatable.",
            valueName: "key=value"))
    var typedFields: [String] = []

    @Option(
        name: [.customShort("H"), .customLong("header")],
        help: ArgumentHelp("A request header field; repeatable.", valueName: "name: value"))
    var headers: [String] = []

    @Option(
        help: ArgumentHelp("Send this file as the body (- for standard input), at most 1 MiB.", valueName: "file"),
        completion: .file())
    var input: String?

    @Flag(name: [.customShort("i"), .long], help: "Print the status line and header fields before the body.")
    var include = false

    @Flag(help: "Follow the next-page links and print every page.")
    var paginate = false

    @Flag(help: "With --paginate: print the pages as one JSON array.")
    var slurp = false

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

    init() {}

    var arguments: APIRequestPlan.Arguments {
        APIRequestPlan.Arguments(
            path: path, method: method, rawFields: rawFields, typedFields: typedFields, headers: headers,
            input: input, include: include, paginate: paginate, slurp: slurp)
    }

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        // Every argument is checked, and every file read, before the credentials file is opened or a byte is sent.
        let plan = try APIRequestPlan.make(
            arguments, serverURL: context.server.url, readStandardInput: context.input.readBytes)
        try await services.withServer(context.server, clientStart: .atOnce) { services in
            let exchange = APIExchange(
                client: services.client.rawAPI, output: context.output,
                maximumResponseBytes: context.limits.maximumResponseBytes, maximumPages: context.limits.maximumPages)
            try await exchange.run(plan)
        }
    }
}
