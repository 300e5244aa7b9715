import Authorization
import OnboardingDomain

extension SignOutResult {
    init(_ ended: EndedSession, activeAccount: String?) {
        self.init(
            account: ended.credential.account,
            server: ended.credential.origin.displayURL,
            revocationFailure: ended.revocationFailure.map(OnboardingError.init),
            activeAccount: activeAccount
        )
    }
}
