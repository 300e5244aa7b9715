/// Where credentials files' data keys live: the OS keyring. One key per file, found by the file's id (a random
/// name the file carries, so a moved file keeps its key and two files never share one).
///
/// Implementations bound every call by a deadline of a few seconds and never block the cooperative pool: a keyring
/// that does not answer (no D-Bus, a prompt nobody sees) is `KeyringError.timedOut`, never a hang. The Linux one is
/// the freedesktop Secret Service (`SecretServiceKeyring`); an Apple-platform one would keep the key as a Keychain
/// generic password (`kSecClassGenericPassword`, service and account from the same names) in a target of its own
/// beside it.
public protocol DataKeyStore: Sendable {
    /// The data key of the file `fileID`; throws `KeyringError.keyMissing` when the keyring answers and has none.
    func dataKey(fileID: String) async throws(KeyringError) -> DataKey

    /// Stores `key` as the data key of the file `fileID` (at `path`, for the item's label), replacing any.
    func store(_ key: DataKey, fileID: String, path: String) async throws(KeyringError)

    /// Deletes the data key of the file `fileID`; a key that is not there is not an error.
    func removeDataKey(fileID: String) async throws(KeyringError)

    /// Throws unless the keyring can be used now (reachable and unlocked), asking nothing else of it: checked before
    /// a sign-in, so that no one signs in only to find that the session cannot be kept.
    func checkAvailable() async throws(KeyringError)
}
