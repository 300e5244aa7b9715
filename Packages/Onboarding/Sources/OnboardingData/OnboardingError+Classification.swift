import APIClient
import Authorization
import DomainFailure
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
        case TokenEndpointError.throttled(let retryAfter):
            // Held back unchecked: the password may be right, so it must not read as a wrong one.
            self = .signInThrottled(retryAfter: retryAfter.delay)
        case TokenEndpointError.notPublished(.deviceAuthorization):
            self = .deviceSignInUnsupported
        case TokenEndpointError.notPublished(.pushedAuthorizationRequest):
            // The server requires pushed requests (RFC 9126 §5) and publishes nowhere to push them.
            self = .browserSignInUnsupported
        case AuthorizationServerMetadataError.request(.malformedResponse):
            // What could not be used is the metadata document (too large, not JSON), not a token endpoint's answer:
            // the metadata error stays the cause, so that the failure names the document.
            self = .malformedResponse(FailureCause(root))
        case AuthorizationServerMetadataError.request(let failure):
            self = OnboardingError(failure)
        case let error as AuthorizationServerMetadataError:
            // Metadata that cannot be trusted (another issuer, another resource, an endpoint over plain HTTP) or
            // cannot be found where the API says: nothing was sent to it.
            self = .malformedResponse(FailureCause(error))
        default:
            self = OnboardingError(classifying: root)
        }
    }
}
