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
            isActive: isActive
        )
    }
}
