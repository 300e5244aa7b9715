/// A domain's error type built from the shared classification of a failed call (`APIFailure(classifying:)`), so
/// that every Data layer maps transport, session and store failures the same way.
///
/// A domain error conforms with its own cases: an enum case such as `case unreachable(FailureCause)` satisfies
/// `static func unreachable(_:)`. Domain modules stay free of this package; the conformance lives in the Data layer.
public protocol ClassifiedFailure: Error {
    /// The domain's wrapper for the lower-level error, kept for a front to describe.
    associatedtype Cause: ClassifiedFailureCause

    static var forbidden: Self { get }
    static var notSignedIn: Self { get }
    static var sessionExpired: Self { get }
    static func unreachable(_ cause: Cause) -> Self
    static func unavailable(retryAfter: Duration?, cause: Cause) -> Self
    static func credentialsUnavailable(_ cause: Cause) -> Self
    static func malformedResponse(_ cause: Cause) -> Self
    static func unexpected(_ cause: Cause) -> Self
}

/// A domain's wrapper for the error behind a failure.
public protocol ClassifiedFailureCause {
    init(_ error: any Error)
}

extension ClassifiedFailure {
    /// The domain error for `error`, thrown by a call through the generated client (or by the session or store
    /// below it), with the error below the client's wrappers as the cause.
    public init(classifying error: any Error) {
        let cause = Cause(APIFailure.rootCause(of: error))
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
