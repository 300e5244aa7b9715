import Foundation

/// Where the credentials database lives: `--credentials-db`, then `STORIES_CREDENTIALS_DB`, then
/// `$XDG_DATA_HOME/stories-cli/credentials.sqlite`, then `~/.local/share/stories-cli/credentials.sqlite`.
enum CredentialsLocation {
    static let fileName = "credentials.sqlite"

    static func resolve(option: String?, environment: [String: String]) throws(CommandFailure) -> String {
        if let option {
            guard !option.isEmpty else { throw .usage("--credentials-db needs a path.") }
            return absolute(option, environment: environment)
        }
        if let path = environment["STORIES_CREDENTIALS_DB"], !path.isEmpty {
            return absolute(path, environment: environment)
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return "\(dataHome)/stories-cli/\(fileName)"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw .usage(
                "Cannot find a home directory for the credentials file: set HOME or use --credentials-db PATH.")
        }
        return "\(home)/.local/share/stories-cli/\(fileName)"
    }

    private static func absolute(_ path: String, environment: [String: String]) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/"), let home = environment["HOME"] { return home + path.dropFirst(1) }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
