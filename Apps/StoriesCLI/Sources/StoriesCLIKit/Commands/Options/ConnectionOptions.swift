import ArgumentParser

/// Options every command that talks to a server takes.
struct ConnectionOptions: ParsableArguments, Sendable {
    @Option(
        help:
            "The server to use: production, staging or local. Env: STORIES_SERVER. (default: the one `stories-cli use` set, else production)"
    )
    var server: ServerName?

    @Option(
        help: ArgumentHelp("A server base URL instead of a named server. Env: STORIES_SERVER_URL.", valueName: "url"))
    var serverURL: String?

    @Option(
        help: ArgumentHelp(
            "The credentials database. Env: STORIES_CREDENTIALS_DB. (default: $XDG_DATA_HOME/stories-cli/credentials.sqlite)",
            valueName: "path"
        )
    )
    var credentialsDB: String?

    @Flag(
        help:
            "Log each request (method, path, status, duration) to stderr. Tokens are never logged. Env: STORIES_DEBUG=1."
    )
    var verbose = false

    init() {}
}
