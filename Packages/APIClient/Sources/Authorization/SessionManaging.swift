/// The session operations an onboarding flow needs, over whatever stores and refreshes the tokens. A server may have
/// sessions of several accounts; requests use the active one.
public protocol SessionManaging: Sendable {
    /// The origin this session belongs to.
    var origin: ServerOrigin { get }

    /// Exchanges a username and password for tokens and stores them as that account's session, replacing (and
    /// revoking) the session the account had; the account becomes the active one. Other accounts are kept. The
    /// session remembers `server`, which issued it.
    func signIn(username: String, password: Secret, at server: AuthorizationServer) async throws -> SignInOutcome

    /// Stores tokens obtained without a username (device sign-in) as the session of the account `identifier` names,
    /// as `signIn(username:password:at:)` stores its own; the tokens are revoked at `server`, which issued them, if
    /// the account cannot be identified.
    func signIn(
        with grant: TokenGrant, identifiedBy identifier: any AccountIdentifying, issuedBy server: AuthorizationServer
    ) async throws -> SignInOutcome

    /// The active session, if any.
    func storedCredential() async throws -> Credential?

    /// Every account with a session for this origin, in account order, with which one is active.
    func storedAccounts() async throws -> [StoredCredential]

    /// Revokes the active session's tokens at the server and removes it locally; `nil` when none was stored. The
    /// account active before it, if any, becomes active.
    func signOut() async throws -> EndedSession?

    /// Revokes `account`'s session at the server and removes it locally; `nil` when the account has none.
    func signOut(account: String) async throws -> EndedSession?

    /// Signs out every account of this origin, the active one last.
    func signOutEveryAccount() async throws -> [EndedSession]

    /// Makes `account` the active one and returns its session; `nil` (and nothing changed) when it has none.
    func switchAccount(to account: String) async throws -> Credential?
}
