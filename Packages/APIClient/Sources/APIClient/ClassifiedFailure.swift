import DomainFailure

/// A domain's error type built from the shared classification of a failed call (`APIFailure(classifying:)`), so
/// that every Data layer maps transport, session and store failures the same way.
///
/// A domain error conforms with its own cases: an enum case such as `case unreachable(FailureCause)` satisfies
/// `static func unreachable(_:)`. Domain modules stay free of this module (they share only `DomainFailure`, which has
/// no dependencies); the conformance lives in the Data layer.
public protocol ClassifiedFailure: Error {
    static var forbidden: Self { get }
    static var notSignedIn: Self { get }
    static var sessionExpired: Self { get }
    static func unreachable(_ cause: FailureCause) -> Self
    static func unavailable(retryAfter: Duration?, cause: FailureCause) -> Self
    static func credentialsUnavailable(_ cause: FailureCause) -> Self
    static func malformedResponse(_ cause: FailureCause) -> Self
    static func unexpected(_ cause: FailureCause) -> Self
}

extension ClassifiedFailure {
    /// The domain error for `error`, thrown by a call through the generated client (or by the session or store
    /// below it), with the error below the client's wrappers as the cause.
    public init(classifying error: any Error) {
        let cause = FailureCause(APIFailure.rootCause(of: error))
        switch APIFailure(classifying: error) {
        case .unreachable: self = .unreachable(cause)
        case .unavailable(_, let retryAfter): self = .unavailable(retryAfter: retryAfter?.delay, cause: cause)
        case .forbidden: self = .forbidden
        case .notSignedIn: self = .notSignedIn
        case .sessionExpired: self = .sessionExpired
        case .credentialsUnavailable: self = .credentialsUnavailable(cause)
        case .malformedResponse, .responseTooLarge: self = .malformedResponse(cause)
        case .notFound, .unexpectedStatus, .insecureTransport, .other: self = .unexpected(cause)
        }
    }
}
