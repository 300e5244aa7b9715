import Authorization
import OnboardingDomain

extension AuthorizationServerDiscovering {
    /// Where a sign-in gets its tokens, or why that cannot be known, as an onboarding failure.
    func serverForSignIn() async throws(OnboardingError) -> DiscoveredAuthorizationServer {
        do {
            return try await discover()
        } catch {
            throw OnboardingError(error)
        }
    }
}
