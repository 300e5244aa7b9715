import APIClientTestSupport
import Authorization
import Foundation

/// A session that signs in by a script and keeps its credential in memory. Revocations fail with
/// `revocationFailure`, if given.
actor ScriptedSession: SessionManaging {
    nonisolated let origin = try! ServerOrigin(URL(string: "https://api.example.com/v1")!)
    private(set) var credential: Credential?
    private let acceptedPassword: String
    private let revocationFailure: TokenEndpointError?

    init(
        signedInAs account: String? = nil, acceptedPassword: String = "right-password",
        revocationFailure: TokenEndpointError? = nil
    ) {
        self.acceptedPassword = acceptedPassword
        self.revocationFailure = revocationFailure
        if let account {
            credential = .fixture(
                origin: origin, account: account, accessToken: "access-\(account)", refreshToken: "refresh-\(account)")
        }
    }

    func signIn(username: String, password: Secret) async throws -> SignInOutcome {
        guard password.unredacted == acceptedPassword else { throw TokenEndpointError.invalidGrant(description: nil) }
        let next = Credential.fixture(
            origin: origin, account: username, accessToken: "access-\(username)", refreshToken: "refresh-\(username)")
        let replaced = credential.map { EndedSession(credential: $0, revocationFailure: revocationFailure) }
        credential = next
        return SignInOutcome(credential: next, replaced: replaced)
    }

    func storedCredential() -> Credential? { credential }

    func signOut() -> EndedSession? {
        defer { credential = nil }
        return credential.map { EndedSession(credential: $0, revocationFailure: revocationFailure) }
    }
}
