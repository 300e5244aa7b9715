import APIClient
import ArgumentParser
import Authorization
import Foundation

/// The `--server` names, as the user types them.
enum ServerName: String, CaseIterable, ExpressibleByArgument, Sendable {
    case production
    case staging
    case local

    var apiServer: APIServer {
        switch self {
        case .production: .production
        case .staging: .staging
        case .local: .local
        }
    }
}

/// The server a command talks to, and how to refer to it in messages.
struct ResolvedServer: Sendable, Equatable {
    /// The named server, or `nil` for `--server-url`.
    var name: ServerName?
    var url: URL
    /// Nobody chose it: no option, no environment variable, no `stories-cli use`; commands fell back to production.
    var isBuiltInDefault = false

    init(name: ServerName?, url: URL, isBuiltInDefault: Bool = false) {
        self.name = name
        self.url = url
        self.isBuiltInDefault = isBuiltInDefault
    }

    /// "local (http://127.0.0.1:8080/v1)".
    var displayName: String {
        name.map { "\($0.rawValue) (\(url.absoluteString))" } ?? url.absoluteString
    }

    /// The options that select this server again, for hints such as the login command.
    var selectionArguments: String {
        name.map { "--server \($0.rawValue)" } ?? "--server-url \(ShellWord.quoted(url.absoluteString))"
    }

    /// The command that signs in to this server.
    var loginCommand: String { "stories-cli login \(selectionArguments)" }

    /// The named server whose URL is `url`, or `url` itself.
    static func matching(url: URL) -> ResolvedServer {
        let name = ServerName.allCases.first { name in
            (try? name.apiServer.url().absoluteString) == url.absoluteString
        }
        return ResolvedServer(name: name, url: url)
    }

    /// Resolves `--server`/`--server-url`, then `STORIES_SERVER`/`STORIES_SERVER_URL`, then the settings file's
    /// default server, then production.
    static func resolve(
        serverOption: ServerName?,
        serverURLOption: String?,
        environment: [String: String],
        configuration: CLIConfiguration = CLIConfiguration()
    ) throws(CommandFailure) -> ResolvedServer {
        if serverOption != nil, serverURLOption != nil {
            throw .usage("Use either --server or --server-url, not both.")
        }
        if let serverURLOption { return try custom(serverURLOption, source: "--server-url") }
        if let serverOption { return try named(serverOption) }
        let environmentName = environment["STORIES_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        let environmentURL = environment["STORIES_SERVER_URL"].flatMap { $0.isEmpty ? nil : $0 }
        if environmentName != nil, environmentURL != nil {
            throw .usage("Set either STORIES_SERVER or STORIES_SERVER_URL, not both.")
        }
        if let environmentURL { return try custom(environmentURL, source: "STORIES_SERVER_URL") }
        if let environmentName {
            guard let name = ServerName(rawValue: environmentName) else {
                let names = ServerName.allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage("STORIES_SERVER must be one of \(names).")
            }
            return try named(name)
        }
        if let configured = configuration.defaultServer {
            return try parse(configured, source: "the default server in the settings file")
        }
        var fallback = try named(.production)
        fallback.isBuiltInDefault = true
        return fallback
    }

    /// A server name or a base URL, as `stories-cli use` takes it.
    static func parse(_ text: String, source: String) throws(CommandFailure) -> ResolvedServer {
        if let name = ServerName(rawValue: text) { return try named(name) }
        guard text.contains("://") else {
            let names = ServerName.allCases.map(\.rawValue).joined(separator: ", ")
            throw .usage("\(source) must be one of \(names), or a URL like https://api.example.com/v1.")
        }
        return try custom(text, source: source)
    }

    private static func named(_ name: ServerName) throws(CommandFailure) -> ResolvedServer {
        do {
            return ResolvedServer(name: name, url: try name.apiServer.url())
        } catch {
            throw CommandFailure("The spec's URL for \(name.rawValue) is invalid.", exitStatus: .failure)
        }
    }

    private static func custom(_ text: String, source: String) throws(CommandFailure) -> ResolvedServer {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false, url.user == nil, url.password == nil, url.query == nil, url.fragment == nil
        else {
            throw .usage(
                "\(source) must be an http(s) URL with a host and no credentials, like http://127.0.0.1:8080/v1.")
        }
        // One spelling per origin: lower-case scheme and host, no default port, no trailing slash, so that
        // `http://127.0.0.1:8080/v1/` builds `/v1/stories` and finds the session stored for `…/v1`.
        guard let canonical = try? ServerOrigin(url).url else {
            throw .usage(
                "\(source) must be an http(s) URL with a host and no credentials, like http://127.0.0.1:8080/v1.")
        }
        return matching(url: canonical)
    }
}
