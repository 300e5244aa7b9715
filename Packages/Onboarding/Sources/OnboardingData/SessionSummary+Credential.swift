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
}
