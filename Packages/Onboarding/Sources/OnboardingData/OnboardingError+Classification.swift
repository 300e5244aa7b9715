import APIClient
import Authorization
import OnboardingDomain

extension OnboardingError: ClassifiedFailure {}

extension OnboardingError {
    /// Maps any failure below the service (token endpoint, store, session, transport) to a domain error, keeping the
    /// error below the generated client's wrappers as the cause.
    init(_ error: any Error) {
        let root = APIFailure.rootCause(of: error)
        switch root {
        case let error as OnboardingError:
            self = error
        case TokenEndpointError.invalidGrant:
            // From the password grant: the username and password were refused, not a session.
            self = .wrongCredentials
        default:
            self = OnboardingError(classifying: root)
        }
    }
}
