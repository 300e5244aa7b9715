import ArgumentParser
import CommandReference
import Foundation
import Hummingbird
import Logging
import NIOCore
import StoriesServerKit
import StoriesVersion

@main
struct StoriesServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stories-server",
        abstract: "The Stories reference backend, in memory, with a demo account and demo stories.",
        discussion: """
            Serves every operation of openapi/openapi.yaml (the Stories API) and of openapi/authorization-server.yaml \
            (its authorization server) under /v1, the sign-in pages /oauth/authorize (browser \
            sign-in) and /device (device code sign-in), its OAuth metadata at \
            /.well-known/oauth-authorization-server, and its protected-resource metadata at \
            /.well-known/oauth-protected-resource/v1. Sign in as \
            \(ServerConfiguration.demoUsername) / \(ServerConfiguration.demoPassword). With --authorization-server it \
            is a resource server of that issuer instead: no tokens, sign-in pages, registration or demo account of \
            its own.

            Prints "Listening on <base URL>" once ready (a plain line scripts can match), then one line per \
            request (method, path, status, duration) and one per token request (grant_type=... outcome=...); \
            never a token or a secret. Ctrl-C or SIGTERM stops it. More: docs/SERVER.md.
            """,
        version: StoriesVersion.current
    )

    /// The parser's own `main`, but a help page ends with what the parser has no place for (EXIT CODES and
    /// EXAMPLES, from `ServerReference`, which the man page repeats), as `stories-cli --help` does.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let message = fullMessage(for: error)
            guard exitCode(for: error) == .success, message.hasPrefix("OVERVIEW: ") else { exit(withError: error) }
            // The parser reads the width from COLUMNS too; without it, 80 as the parser's fallback.
            let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
            var text = message
            while text.hasSuffix("\n") { text.removeLast() }
            for section in ServerReference.helpSections {
                text += "\n\n" + section.rendered(columns: columns ?? 80)
                while text.hasSuffix("\n") { text.removeLast() }
            }
            print(text)
            Foundation.exit(EXIT_SUCCESS)
        }
    }

    @Option(help: "The address to listen on. Keep it on loopback unless you know why not.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(name: .customLong("access-token-ttl"), help: "Access-token lifetime in seconds.")
    var accessTokenTTL: Int = 900

    @Option(name: .customLong("refresh-token-ttl"), help: "Refresh-token lifetime in seconds (default: until used).")
    var refreshTokenTTL: Int?

    @Option(
        name: .customLong("refresh-token-reuse-interval"),
        // So that `-1` is read as the value and refused with the range, rather than as a missing value.
        parsing: .unconditional,
        help: """
            Seconds after a rotation during which the spent refresh token, while its successor is unused, gets a \
            fresh pair instead of revoking its family (at most \(Int(ServerConfiguration.maximumRefreshTokenReuseInterval)); \
            0 is strict).
            """
    )
    var refreshTokenReuseInterval: Int = 0

    @Option(help: "How many demo stories to serve.")
    var stories = 500

    @Option(
        name: .customLong("public-url"),
        help: """
            The origin clients and browsers reach this server at, such as https://stories.example: the OAuth issuer \
            and the base of the URLs it hands out (default: http://HOST:PORT of the listen address).
            """
    )
    var publicURL: String?

    enum PasswordGrant: String, ExpressibleByArgument, CaseIterable {
        case enabled, disabled
    }

    @Option(
        name: .customLong("password-grant"),
        help: """
            Whether the token endpoint accepts the password grant, for scripts and tests (RFC 9700 forbids it for \
            new deployments; browser and device login need no password in the client).
            """
    )
    var passwordGrant: PasswordGrant = .enabled

    @Option(
        name: .customLong("dpop"),
        help: """
            DPoP (RFC 9449): 'optional' binds the tokens of a token request that carries a proof to its key and \
            keeps bearer tokens for clients without DPoP; 'required' takes DPoP-bound tokens only and wants a \
            server nonce in every proof; 'off' ignores proofs and advertises none. A DPoP-bound token sent as a \
            bearer token is always refused.
            """
    )
    var dpop: DPoPMode = .optional

    @Option(
        name: .customLong("pushed-authorization-requests"),
        help: """
            Pushed authorization requests (RFC 9126) at /v1/oauth/par: optional (the metadata names the endpoint, \
            the sign-in page also takes plain requests), required (it takes only pushed ones) or unpublished (the \
            metadata does not name the endpoint, for testing clients against servers without it).
            """
    )
    var pushedAuthorizationRequests: PushedRequests = .optional

    enum PushedRequests: String, ExpressibleByArgument, CaseIterable {
        case optional, required, unpublished

        var policy: PushedAuthorizationRequestPolicy {
            switch self {
            case .optional: .optional
            case .required: .required
            case .unpublished: .unpublished
            }
        }
    }

    @Option(
        name: .customLong("introspection-client"),
        help: """
            The introspection client's id: the resource server allowed to introspect tokens at \
            /v1/oauth/introspect (RFC 7662, HTTP Basic), or with --authorization-server the client this server \
            introspects as. Its secret is read from --introspection-client-secret-file, never from the command line.
            """
    )
    var introspectionClient: String?

    @Option(
        name: .customLong("introspection-client-secret-file"),
        help: """
            A file holding the introspection client's secret on one line, readable by its owner only (mode 600 or \
            400; anything wider is refused).
            """
    )
    var introspectionClientSecretFile: String?

    @Option(
        name: .customLong("authorization-server"),
        help: """
            The issuer URL of an external authorization server (https, or http on loopback) whose access tokens this \
            server accepts, checked by introspection at the endpoint its RFC 8414 metadata names. The server then \
            issues no tokens and serves no sign-in pages. Needs --introspection-client and its secret file.
            """
    )
    var authorizationServer: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard accessTokenTTL >= 1 else { throw ValidationError("--access-token-ttl must be at least 1 second.") }
        if let refreshTokenTTL, refreshTokenTTL < 1 {
            throw ValidationError("--refresh-token-ttl must be at least 1 second.")
        }
        let longestReuseInterval = Int(ServerConfiguration.maximumRefreshTokenReuseInterval)
        guard (0...longestReuseInterval).contains(refreshTokenReuseInterval) else {
            throw ValidationError(
                "--refresh-token-reuse-interval must be between 0 and \(longestReuseInterval) seconds.")
        }
        guard (0...1_000_000).contains(stories) else {
            throw ValidationError("--stories must be between 0 and 1000000.")
        }
        if let publicURL, ServerConfiguration.publicOrigin(parsing: publicURL) == nil {
            throw ValidationError(
                "--public-url must be an http or https origin such as https://stories.example, with no path.")
        }
        guard (introspectionClient == nil) == (introspectionClientSecretFile == nil) else {
            throw ValidationError(
                "--introspection-client and --introspection-client-secret-file go together: the id and its secret.")
        }
        if let introspectionClient, !ClientCredentials.isValidID(introspectionClient) {
            throw ValidationError(
                "--introspection-client must be 1 to 1024 visible ASCII characters or spaces.")
        }
        if let authorizationServer {
            guard ExternalAuthorizationServer.isValidIssuer(authorizationServer) else {
                throw ValidationError(
                    "--authorization-server must be the issuer's https URL (http only on loopback), with no query or fragment."
                )
            }
            guard introspectionClient != nil else {
                throw ValidationError(
                    "--authorization-server needs --introspection-client and --introspection-client-secret-file: the client this server introspects tokens as."
                )
            }
        }
    }

    /// The introspection client's credentials, the secret read from its file.
    func introspectionCredentials() throws(StartupFailure) -> ClientCredentials? {
        guard let introspectionClient, let introspectionClientSecretFile else { return nil }
        let secret: String
        do {
            secret = try SecretFile.read(path: introspectionClientSecretFile)
        } catch {
            throw .secretFile(path: introspectionClientSecretFile, error)
        }
        // Both were checked: the id by validate(), the secret by SecretFile.
        guard let credentials = ClientCredentials(id: introspectionClient, secret: secret) else {
            throw .secretFile(path: introspectionClientSecretFile, .malformed)
        }
        return credentials
    }

    func run() async throws {
        do {
            try await serve()
        } catch let failure as StartupFailure {
            FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
            throw ExitCode(failure.exitCode.rawValue)
        }
    }

    func serve() async throws {
        let standardOutput = LineWriter(descriptor: STDOUT_FILENO)
        let logger = {
            var logger = Logger(label: "stories-server") { _ in PlainLineLogHandler(output: standardOutput) }
            logger.logLevel = .info
            return logger
        }()
        var configuration = ServerConfiguration(
            host: host,
            port: port,
            accessTokenLifetime: TimeInterval(accessTokenTTL),
            refreshTokenLifetime: refreshTokenTTL.map(TimeInterval.init),
            refreshTokenReuseInterval: TimeInterval(refreshTokenReuseInterval),
            storyCount: stories,
            publicURL: publicURL,
            passwordGrantEnabled: passwordGrant == .enabled,
            pushedAuthorizationRequests: pushedAuthorizationRequests.policy,
            dpop: dpop
        )
        // One client, one secret: the one allowed to introspect here, or the one this server introspects as.
        let credentials = try introspectionCredentials()
        if let authorizationServer, let credentials {
            configuration.authorizationServer = ExternalAuthorizationServer(
                issuer: authorizationServer, client: credentials)
        } else {
            configuration.introspectionClient = credentials
        }
        // Each connection is a descriptor: the common soft limit of 1,024 would let a few hundred held connections
        // shut everyone out long before the per-client limits could matter.
        OpenFileLimit.raiseSoftLimitToHard()
        let app = try await buildApplication(configuration: configuration, logger: logger) { url in
            logger.notice("Listening on \(url.absoluteString)")
        }
        do {
            try await serveUntilSignalled(
                app, gracePeriod: configuration.connections.shutdownGracePeriod, logger: logger)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            // The networking library's own text ("bind(descriptor:ptr:bytes:) … errno: 98") names neither the port
            // nor what to do.
            FileHandle.standardError.write(
                Data(
                    "error: Port \(port) on \(host) is already in use. Stop the other server, or pick another port with --port (0 picks a free one).\n"
                        .utf8))
            throw ExitCode(ServerExitCode.portInUse.rawValue)
        }
    }
}

extension DPoPMode: ExpressibleByArgument {}
