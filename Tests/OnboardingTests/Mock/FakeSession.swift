import Authorization
import Foundation

/// A session that signs in by a script and keeps its credential in memory. Revocations fail with
/// `revocationFailure`, if given.
actor FakeSession: SessionManaging {
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
            credential = Credential(
                origin: origin,
                account: account,
                accessToken: Secret("access-\(account)"),
                refreshToken: Secret("refresh-\(account)"),
                expiresAt: Date(timeIntervalSince1970: 1_800_000_900),
                issuedAt: Date(timeIntervalSince1970: 1_800_000_000)
            )
        }
    }

    func signIn(username: String, password: Secret) async throws -> SignInOutcome {
        guard password.unredacted == acceptedPassword else { throw TokenEndpointError.invalidGrant(description: nil) }
        let next = Credential(
            origin: origin,
            account: username,
            accessToken: Secret("access-\(username)"),
            refreshToken: Secret("refresh-\(username)"),
            expiresAt: Date(timeIntervalSince1970: 1_800_000_900),
            issuedAt: Date(timeIntervalSince1970: 1_800_000_000)
        )
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
