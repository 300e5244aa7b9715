import CredentialsStore

/// How a credentials file this run creates keeps its tokens: sealed with a key in the OS keyring, unless the person
/// chose plain storage with `login --insecure-storage` or `STORIES_CREDENTIALS_STORAGE=plain`. An existing file keeps
/// the storage it records (`stories-cli storage seal|unseal` changes it).
enum StorageChoice {
    static let environmentVariable = "STORIES_CREDENTIALS_STORAGE"

    /// The environment's choice: `keyring` (the default) or `plain`.
    static func resolve(environment: [String: String]) throws(CommandFailure) -> CredentialsStorage {
        switch environment[environmentVariable] {
        case nil, "", "keyring": .sealed
        case "plain": .plain
        case let other?:
            throw .usage(
                "\(environmentVariable) is \(TerminalText.sanitize(other)); use keyring (the default) or plain.")
        }
    }
}
