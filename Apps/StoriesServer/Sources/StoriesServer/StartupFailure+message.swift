import Foundation
import StoriesServerKit

extension StartupFailure {
    /// One line for a person: what failed and what to do. The secret file's content is never in it, and what an
    /// authorization server said is cut short and stripped of control characters.
    var message: String {
        switch self {
        case .secretFile(let path, let problem):
            "The introspection client's secret file \(path) cannot be used: \(problem.reason)."
        case .authorizationServerUnreachable(let issuer, let attempts):
            "The authorization server \(issuer) cannot be reached for its metadata (\(attempts.summary)). Check "
                + "--authorization-server, and that the server is up."
        case .authorizationServerUnusable(let issuer, let attempts):
            "The authorization server \(issuer) publishes no metadata this server can use (\(attempts.summary)): it "
                + "needs a document whose issuer is exactly \(issuer), naming an https (or loopback) "
                + "introspection_endpoint."
        }
    }

    /// The exit status, as `--help` lists it.
    var exitCode: ServerExitCode {
        switch self {
        case .secretFile: .secretFileUnusable
        case .authorizationServerUnreachable: .authorizationServerUnreachable
        case .authorizationServerUnusable: .authorizationServerUnusable
        }
    }
}

extension SecretFileProblem {
    var reason: String {
        switch self {
        case .unreadable(let code): "it cannot be read (\(String(cString: strerror(code))))"
        case .notARegularFile: "it is not a regular file"
        case .accessibleToOthers(let mode):
            "others may access it (mode \(String(mode, radix: 8))); make it readable by its owner only (chmod 600)"
        case .ownedByAnotherUser: "it belongs to another user than the one the server runs as"
        case .tooLarge: "it is longer than \(SecretFile.maximumLength) bytes"
        case .malformed: "it must hold the secret on one line, in visible ASCII characters"
        }
    }
}

extension [DiscoveryAttempt] {
    /// `URL: outcome; …`, with the untrusted issuer a server named made safe for a terminal.
    var summary: String {
        map { attempt in
            let outcome =
                switch attempt.outcome {
                case .unreachable: "no answer"
                case .status(let status): "status \(status)"
                case .unreadable: "not a metadata document"
                case .issuerMismatch(let issuer): "issuer \"\(issuer.safeForTerminal)\" instead"
                case .noIntrospectionEndpoint: "no introspection_endpoint"
                case .insecureIntrospectionEndpoint: "an introspection_endpoint that is not https"
                }
            return "\(attempt.url): \(outcome)"
        }.joined(separator: "; ")
    }
}

extension String {
    /// At most 100 characters, control characters (C0, DEL, C1) and bidirectional overrides replaced by `?`.
    fileprivate var safeForTerminal: String {
        let cleaned = unicodeScalars.map { scalar -> String in
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            return isControl || isBidi ? "?" : String(scalar)
        }.joined()
        return cleaned.count > 100 ? String(cleaned.prefix(100)) + "…" : cleaned
    }
}
