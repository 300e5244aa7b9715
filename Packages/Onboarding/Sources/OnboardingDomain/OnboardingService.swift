/// Account operations. Signing in and out arrive with the onboarding flow; this is the part the API serves today.
public protocol OnboardingService: Sendable {
    /// Creates an account.
    func register(username: String, password: String, displayName: String?) async throws(OnboardingError) -> UserAccount

    /// The account the current session belongs to.
    func currentUser() async throws(OnboardingError) -> UserAccount
}

/// Why an onboarding operation failed.
public enum OnboardingError: Error, Sendable, Equatable {
    case invalidInput(String)
    case usernameTaken
    case notSignedIn
    case sessionExpired
    case unreachable(reason: String)
    case malformedResponse(reason: String)
    case credentialsUnavailable(reason: String)
    case unexpected(reason: String)
}
