import Authorization
import OnboardingDomain

extension SessionSummary {
    init(_ credential: Credential, isActive: Bool = true) {
        self.init(
            account: credential.account,
            server: credential.origin.displayURL,
            refreshedAt: credential.issuedAt,
            accessTokenExpiresAt: credential.expiresAt,
            isSignInRequired: credential.isSignInRequired,
            isActive: isActive,
            issuer: credential.authorizationServer.issuer,
            isDPoPBound: credential.isDPoPBound
        )
    }

    /// A stored session as the app may show it (never a token).
    init(_ stored: StoredCredential) {
        self.init(stored.credential, isActive: stored.isActive)
    }

    /// A stored session as its facts give it, read without its secrets.
    init(_ facts: StoredSessionFacts) {
        self.init(
            account: facts.account,
            server: facts.origin.displayURL,
            refreshedAt: facts.issuedAt,
            accessTokenExpiresAt: facts.expiresAt,
            isSignInRequired: facts.isSignInRequired,
            isActive: facts.isActive,
            issuer: facts.issuer,
            isDPoPBound: facts.isDPoPBound
        )
    }
}
