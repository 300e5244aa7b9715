import APIClientTestSupport
import Authorization
import Foundation

/// A session that signs in by a script and keeps its credentials in memory, one per account, the last signed in
/// active. Revocations fail with `revocationFailure`, if given.
actor ScriptedSession: SessionManaging {
    nonisolated let origin = try! ServerOrigin(URL(string: "https://api.example.com/v1")!)
    private var sessions: [String: Credential] = [:]
    /// Accounts in the order they were last active; the last one is active.
    private var activation: [String] = []
    private let acceptedPassword: String
    private let revocationFailure: TokenEndpointError?
    /// What a password sign-in fails with whatever the password, if given (a server with the grant turned off).
    private let passwordGrantFailure: TokenEndpointError?

    init(
        signedInAs accounts: String..., acceptedPassword: String = "right-password",
        revocationFailure: TokenEndpointError? = nil, passwordGrantFailure: TokenEndpointError? = nil
    ) {
        self.acceptedPassword = acceptedPassword
        self.revocationFailure = revocationFailure
        self.passwordGrantFailure = passwordGrantFailure
        for account in accounts {
            sessions[account] = Self.credential(origin: origin, account: account)
            activation.append(account)
        }
    }

    private static func credential(origin: ServerOrigin, account: String) -> Credential {
        .fixture(origin: origin, account: account, accessToken: "access-\(account)", refreshToken: "refresh-\(account)")
    }

    /// The active session.
    var credential: Credential? { activation.last.flatMap { sessions[$0] } }

    /// The authorization servers sign-ins named, in order.
    private(set) var issuers: [AuthorizationServer] = []

    func signIn(username: String, password: Secret, at server: AuthorizationServer) async throws -> SignInOutcome {
        issuers.append(server)
        if let passwordGrantFailure { throw passwordGrantFailure }
        guard password.unredacted == acceptedPassword else { throw TokenEndpointError.invalidGrant(description: nil) }
        let previouslyActive = activation.last
        let replaced = sessions[username].map { EndedSession(credential: $0, revocationFailure: revocationFailure) }
        let next = Self.credential(origin: origin, account: username)
        sessions[username] = next
        activate(username)
        return SignInOutcome(
            credential: next, replaced: replaced,
            previouslyActiveAccount: previouslyActive == username ? nil : previouslyActive)
    }

    /// Identifies the grant's account with `identifier` and stores it as `signIn(username:password:at:)` does.
    func signIn(
        with grant: TokenGrant, identifiedBy identifier: any AccountIdentifying, issuedBy server: AuthorizationServer
    ) async throws -> SignInOutcome {
        issuers.append(server)
        let account = try await identifier.account(authorizedBy: grant.accessToken)
        let previouslyActive = activation.last
        let replaced = sessions[account].map { EndedSession(credential: $0, revocationFailure: revocationFailure) }
        let next = Credential(
            origin: origin, account: account, accessToken: grant.accessToken, refreshToken: grant.refreshToken,
            expiresAt: grant.expiresAt, issuedAt: grant.issuedAt, authorizationServer: server)
        sessions[account] = next
        activate(account)
        return SignInOutcome(
            credential: next, replaced: replaced,
            previouslyActiveAccount: previouslyActive == account ? nil : previouslyActive)
    }

    func storedCredential() -> Credential? { credential }

    func storedAccounts() -> [StoredCredential] {
        sessions.values.sorted { $0.account < $1.account }.map {
            StoredCredential(credential: $0, isActive: $0.account == activation.last)
        }
    }

    func signOut() -> EndedSession? {
        activation.last.flatMap(end)
    }

    func signOut(account: String) -> EndedSession? {
        end(account)
    }

    func signOutEveryAccount() -> [EndedSession] {
        activation.compactMap(end)
    }

    func switchAccount(to account: String) -> Credential? {
        guard sessions[account] != nil else { return nil }
        activate(account)
        return sessions[account]
    }

    private func activate(_ account: String) {
        activation.removeAll { $0 == account }
        activation.append(account)
    }

    private func end(_ account: String) -> EndedSession? {
        guard let ended = sessions.removeValue(forKey: account) else { return nil }
        activation.removeAll { $0 == account }
        return EndedSession(credential: ended, revocationFailure: revocationFailure)
    }
}
