import Foundation

/// Where the credentials database lives: `--credentials-db`, then `STORIES_CREDENTIALS_DB`, then
/// `$XDG_DATA_HOME/stories-cli/credentials.sqlite`, then `~/.local/share/stories-cli/credentials.sqlite`.
enum CredentialsLocation {
    static let fileName = "credentials.sqlite"

    /// SQLite's Unix file layer opens paths of fewer than 512 bytes, and it opens the file's `-journal` (8 bytes more)
    /// beside it.
    static let maximumPathBytes = 512 - 1 - "-journal".utf8.count

    static func resolve(option: String?, environment: [String: String]) throws(CommandFailure) -> String {
        let path = try location(option: option, environment: environment)
        // Arguments and the environment reach Swift as UTF-8 with each invalid byte replaced by U+FFFD: such a path
        // names another file than the one the user meant (`bad\xFF` and `bad\xFE` both become `bad\u{FFFD}`).
        guard !path.unicodeScalars.contains("\u{FFFD}") else {
            throw .usage("The credentials path is not valid UTF-8; use a path whose names are UTF-8 text.")
        }
        guard path.utf8.count <= maximumPathBytes else {
            throw .usage(
                "The credentials path is \(path.utf8.count) bytes long; SQLite opens paths of up to \(maximumPathBytes) bytes. Use a shorter --credentials-db."
            )
        }
        return path
    }

    private static func location(option: String?, environment: [String: String]) throws(CommandFailure) -> String {
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
