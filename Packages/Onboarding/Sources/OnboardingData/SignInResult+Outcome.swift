import Authorization
import OnboardingDomain

extension SignInResult {
    /// What a sign-in stored, replaced and switched from, in the domain's terms.
    init(_ outcome: SignInOutcome) {
        self.init(
            session: SessionSummary(outcome.credential),
            replacedAccount: outcome.replaced?.credential.account,
            replacedSessionRevocationFailure: outcome.replaced?.revocationFailure.map(OnboardingError.init),
            previouslyActiveAccount: outcome.previouslyActiveAccount
        )
    }
}
