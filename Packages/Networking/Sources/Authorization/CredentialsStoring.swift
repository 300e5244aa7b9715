/// Durable storage of sessions, one per server origin.
///
/// Implementations must be safe to share between tasks and, for file-backed stores, between processes.
public protocol CredentialsStoring: Sendable {
    /// The session stored for `origin`, if any.
    func credential(for origin: ServerOrigin) async throws(CredentialsStoreError) -> Credential?

    /// Every stored session, ordered by origin.
    func allCredentials() async throws(CredentialsStoreError) -> [Credential]

    /// Stores `credential` for its origin if the stored generation is still `expectedGeneration` (`nil`: no session
    /// is stored). The saved credential carries the next generation.
    func save(
        _ credential: Credential,
        ifGenerationIs expectedGeneration: Int64?
    ) async throws(CredentialsStoreError) -> CredentialSaveResult

    /// Stores `credential`, replacing whatever session the origin had (a new sign-in).
    func replace(with credential: Credential) async throws(CredentialsStoreError) -> Credential

    /// Throws if the successor of a stored credential could not be written right now (read-only file or directory,
    /// full disk, a writer holding the file), changing nothing a session depends on. Checked before every refresh,
    /// because a refresh token spent without storing its successor loses the session. Passing must be a proof, not
    /// a probe: a file-backed store makes a committed write that leaves room for the successor (a rolled-back write
    /// touches no disk at all).
    func verifyWritable() async throws(CredentialsStoreError)

    /// Removes the session for `origin`; returns whether there was one.
    @discardableResult
    func removeCredential(for origin: ServerOrigin) async throws(CredentialsStoreError) -> Bool
}

/// The outcome of a compare-and-swap write.
public enum CredentialSaveResult: Sendable, Equatable {
    case saved(Credential)
    /// Another writer got there first; `current` is what is stored now.
    case conflict(current: Credential?)
}
