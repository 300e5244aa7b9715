/// Why the OS keyring could not give or keep a credentials file's data key. Each case carries what a person needs
/// to act on it; the failure messages word them.
public enum KeyringError: Error, Equatable, Sendable {
    /// No keyring can be reached: no D-Bus session bus, or no Secret Service on it (`reason` is the library's own
    /// short account, which never holds a secret).
    case unavailable(reason: String)
    /// The keyring's collection is locked and was not unlocked (no one could be asked, or no one answered).
    case locked(collection: String)
    /// The keyring did not answer within `deadline`.
    case timedOut(deadline: Duration)
    /// The keyring, or the person it asked, refused access.
    case denied
    /// The keyring answered and holds no key for the file (`fileID`): the file was sealed by another keyring, or
    /// the key was deleted.
    case keyMissing(fileID: String)
    /// The keyring holds something under the file's name that is not a data key.
    case malformedKey(fileID: String)
    /// The keyring failed in a way none of the other cases covers (`domain`/`code` as the library reports them).
    case failed(domain: String, code: Int32)
}
