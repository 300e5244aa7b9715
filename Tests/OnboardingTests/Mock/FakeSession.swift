import Authorization
import Foundation

/// A session that signs in by a script and keeps its credential in memory.
actor FakeSession: SessionManaging {
    nonisolated let origin = try! ServerOrigin(URL(string: "https://api.example.com/v1")!)
    private(set) var credential: Credential?
    private let acceptedPassword: String

    init(signedInAs account: String? = nil, acceptedPassword: String = "right-password") {
        self.acceptedPassword = acceptedPassword
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

    func signIn(username: String, password: Secret) async throws -> Credential {
        guard password.unredacted == acceptedPassword else { throw TokenEndpointError.invalidGrant(description: nil) }
        let next = Credential(
            origin: origin,
            account: username,
            accessToken: Secret("access-\(username)"),
            refreshToken: Secret("refresh-\(username)"),
            expiresAt: Date(timeIntervalSince1970: 1_800_000_900),
            issuedAt: Date(timeIntervalSince1970: 1_800_000_000)
        )
        credential = next
        return next
    }

    func storedCredential() -> Credential? { credential }

    func signOut() -> Credential? {
        defer { credential = nil }
        return credential
    }
}
