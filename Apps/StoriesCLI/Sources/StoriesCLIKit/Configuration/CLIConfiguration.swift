import Foundation

/// `stories-cli`'s settings file, `$XDG_CONFIG_HOME/stories-cli/config.json` (else `~/.config/stories-cli/…`):
/// the default server, as `stories-cli use` writes it.
///
/// Precedence, for every command: `--server`/`--server-url`, then `STORIES_SERVER`/`STORIES_SERVER_URL`, then this
/// file, then `production`. The file holds no secret.
struct CLIConfiguration: Codable, Equatable, Sendable {
    /// A named server (`local`), or a base URL; `nil` when unset.
    var defaultServer: String?

    init(defaultServer: String? = nil) {
        self.defaultServer = defaultServer
    }

    static let fileName = "config.json"

    /// Where the file lives for `environment`; `nil` without `XDG_CONFIG_HOME` or `HOME`.
    static func path(environment: [String: String]) -> String? {
        if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
            return "\(configHome)/stories-cli/\(fileName)"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return "\(home)/.config/stories-cli/\(fileName)"
    }

    /// The file's settings; empty when there is no file. A file that cannot be read is a usage error naming it.
    static func load(environment: [String: String]) throws(CommandFailure) -> CLIConfiguration {
        guard let path = path(environment: environment), FileManager.default.fileExists(atPath: path) else {
            return CLIConfiguration()
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            // A settings file is a few bytes; anything large is not one.
            guard data.count <= 64 << 10 else { throw CocoaError(.fileReadTooLarge) }
            return try JSONDecoder().decode(CLIConfiguration.self, from: data)
        } catch {
            throw .usage(
                "The settings file \(path) is not valid: it holds JSON like {\"defaultServer\": \"local\"}. Fix or delete it."
            )
        }
    }

    /// Writes the settings atomically (a temporary file renamed over the old one), creating the directory.
    func save(environment: [String: String]) throws(CommandFailure) -> String {
        guard let path = Self.path(environment: environment) else {
            throw .usage("Cannot find where to keep settings: set HOME or XDG_CONFIG_HOME.")
        }
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try (try encoder.encode(self) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("The settings file \(path) cannot be written.", exitStatus: .ioError)
        }
        return path
    }
}
