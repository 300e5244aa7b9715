/// Durable storage of sessions: any number of accounts per server origin, one of them active.
///
/// Each (origin, account) has its own row with its own generation; the active account of an origin is the one its
/// requests use. Generations are unique within an origin while it has sessions: every write gives the row it writes
/// a generation above every other of that origin, and so does making an account active. The active session therefore
/// carries the newest generation its origin has issued, so a coordinator that compares generations sees a switch of
/// the active account as a newer session.
///
/// Implementations must be safe to share between tasks and, for file-backed stores, between processes.
public protocol CredentialsStoring: Sendable {
    /// The active session for `origin`, if any.
    func credential(for origin: ServerOrigin) async throws(CredentialsStoreError) -> Credential?

    /// The session of `account` for `origin`, active or not.
    func credential(for origin: ServerOrigin, account: String) async throws(CredentialsStoreError) -> Credential?

    /// Every stored session, ordered by origin, then account, each with whether it is its origin's active one.
    func allCredentials() async throws(CredentialsStoreError) -> [StoredCredential]

    /// Every stored session's facts, in `allCredentials()`'s order, read without opening a secret: a sealed file's
    /// accounts can be listed when its key cannot be reached.
    func allSessionFacts() async throws(CredentialsStoreError) -> [StoredSessionFacts]

    /// Stores `credential` in its own (origin, account) row if that row's generation is still `expectedGeneration`
    /// (`nil`: the account has no session). Does not change which account is active, except that the first session
    /// of an origin becomes its active one. The saved credential carries the new generation.
    func save(
        _ credential: Credential,
        ifGenerationIs expectedGeneration: Int64?
    ) async throws(CredentialsStoreError) -> CredentialSaveResult

    /// Stores `credential`, replacing whatever session its account had at its origin, and makes the account the
    /// origin's active one (a sign-in). Other accounts' sessions are kept.
    func replace(with credential: Credential) async throws(CredentialsStoreError) -> Credential

    /// Makes `account` the active account of `origin` and returns its session, with a new generation unless it was
    /// active already; `nil` (and nothing changed) when the origin has no session for `account`.
    func activate(account: String, for origin: ServerOrigin) async throws(CredentialsStoreError) -> Credential?

    /// Throws if the successor of a stored credential could not be written right now (read-only file or directory,
    /// full disk, a writer holding the file), changing nothing a session depends on. Checked before every refresh,
    /// because a refresh token spent without storing its successor loses the session. Passing must be a proof, not
    /// a probe: a file-backed store makes a committed write that leaves room for the successor (a rolled-back write
    /// touches no disk at all).
    func verifyWritable() async throws(CredentialsStoreError)

    /// Removes the session of `account` for `origin`; returns whether there was one. When it was the active one, the
    /// origin's most recently written remaining session (the one active most recently) becomes active, with a new
    /// generation above the removed one's.
    @discardableResult
    func removeCredential(for origin: ServerOrigin, account: String) async throws(CredentialsStoreError) -> Bool
}

extension CredentialsStoring {
    /// The facts of `allCredentials()`, for a store that keeps no secret apart.
    public func allSessionFacts() async throws(CredentialsStoreError) -> [StoredSessionFacts] {
        try await allCredentials().map(StoredSessionFacts.init)
    }
}

/// The outcome of a compare-and-swap write.
public enum CredentialSaveResult: Sendable, Equatable {
    case saved(Credential)
    /// Another writer got there first; `current` is what the account's row holds now.
    case conflict(current: Credential?)
}
