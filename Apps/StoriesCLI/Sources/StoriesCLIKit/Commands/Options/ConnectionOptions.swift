import ArgumentParser

/// Options every command that talks to a server takes.
struct ConnectionOptions: ParsableArguments, Sendable {
    @Option(
        help: "A named server (default: the one `stories-cli use` set, else production). Env: STORIES_SERVER.",
        completion: .serverNames
    )
    var server: ServerName?

    @Option(
        help: ArgumentHelp("A server base URL instead of a named server. Env: STORIES_SERVER_URL.", valueName: "url"))
    var serverURL: String?

    @Option(
        help: ArgumentHelp(
            "The credentials file (default: see FILES in `stories-cli --help`). Env: STORIES_CREDENTIALS_DB.",
            valueName: "path"
        ),
        completion: .file()
    )
    var credentialsDB: String?

    @Flag(help: "Log each request and session event to stderr, never a secret. Env: STORIES_DEBUG=1.")
    var verbose = false

    init() {}
}
