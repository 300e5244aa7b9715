import APIClient
import Authorization
import OnboardingDomain

extension OnboardingError: ClassifiedFailure {}

extension FailureCause: ClassifiedFailureCause {}

extension OnboardingError {
    /// Maps any failure below the service (token endpoint, store, session, transport) to a domain error, keeping the
    /// error below the generated client's wrappers as the cause.
    init(_ error: any Error) {
        let root = APIFailure.rootCause(of: error)
        let cause = FailureCause(root)
        switch root {
        case let error as OnboardingError:
            self = error
        case TokenEndpointError.invalidGrant:
            self = .wrongCredentials
        case let error as TokenEndpointError:
            switch error {
            case .unreachable: self = .unreachable(cause)
            case .unavailable(_, let retryAfter): self = .unavailable(retryAfter: retryAfter?.delay, cause: cause)
            case .malformedResponse: self = .malformedResponse(cause)
            case .invalidGrant, .misconfigured, .insecureTransport: self = .unexpected(cause)
            }
        default:
            self = OnboardingError(classifying: root)
        }
    }
}
