import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Why a call through the generated client failed, in terms a feature's Data layer can map to its own errors.
///
/// The generated `Client` wraps every thrown error in `ClientError`; `init(classifying:)` looks through that wrapper
/// so that Data targets need neither the transport nor the authorisation module to tell failures apart. The cases
/// carry data, never sentences: only the front that shows a failure phrases it.
public enum APIFailure: Error, Sendable, Equatable {
    /// No complete response arrived: the server could not be reached, the connection broke, or time ran out.
    case unreachable(NetworkFailure)
    /// The server answered but cannot serve the request now (408, 429 or 5xx), possibly saying when to retry.
    case unavailable(status: Int, retryAfter: RetryAfter?)
    /// The server answered 403: the account is not allowed to do this.
    case forbidden
    /// The server answered 404 where the operation does not document it.
    case notFound
    /// The server answered a status the operation does not document and no other case covers.
    case unexpectedStatus(Int)
    /// No credential is stored for this server.
    case notSignedIn
    /// The server no longer accepts the session; the user has to sign in again.
    case sessionExpired
    /// The local credentials store cannot be read or written.
    case credentialsUnavailable
    /// The response body was larger than the operation's limit.
    case responseTooLarge(ResponseTooLarge)
    /// The response did not match the contract.
    case malformedResponse(operationID: String)
    /// Credentials would have travelled without TLS to a host that is not this machine; nothing was sent.
    case insecureTransport(origin: String)
    /// Anything else.
    case other

    /// Classifies an error thrown by a call through the generated client.
    public init(classifying error: any Error) {
        if let failure = error as? APIFailure {
            self = failure
        } else if let convertible = error as? any APIFailureConvertible {
            self = convertible.apiFailure
        } else if let failure = error as? NetworkFailure {
            self = .unreachable(failure)
        } else if let tooLarge = error as? ResponseTooLarge {
            self = .responseTooLarge(tooLarge)
        } else if let clientError = error as? ClientError {
            self = Self(classifyingClientError: clientError)
        } else if error is DecodingError {
            self = .malformedResponse(operationID: "")
        } else {
            self = .other
        }
    }

    /// The error below the generated client's `ClientError` wrappers: what a front describes in detail.
    public static func rootCause(of error: any Error) -> any Error {
        var innermost = error
        while let wrapper = innermost as? ClientError { innermost = wrapper.underlyingError }
        return innermost
    }

    /// Classifies a documented 401 by its `WWW-Authenticate` challenge (RFC 6750 §3.1): `insufficient_scope` is a
    /// refusal that new tokens for the same grant would not change (`forbidden`); anything else means the server no
    /// longer accepts the session.
    public init(unauthorizedChallenge challenge: String?) {
        self = challenge.flatMap(BearerChallenge.errorCode(in:)) == "insufficient_scope" ? .forbidden : .sessionExpired
    }

    /// Classifies a status the operation does not document: 403, 404, and "try again later" (408, 429, 5xx, with
    /// the `Retry-After` header when there is one).
    public init(undocumentedStatus status: Int, headers: HTTPFields, receivedAt now: Date) {
        switch status {
        case 403: self = .forbidden
        case 404: self = .notFound
        case 408, 429, 500...599:
            self = .unavailable(
                status: status, retryAfter: headers[.retryAfter].flatMap { RetryAfter(headerValue: $0, now: now) })
        default: self = .unexpectedStatus(status)
        }
    }

    private init(classifyingClientError clientError: ClientError) {
        let underlying = clientError.underlyingError
        if underlying is DecodingError {
            self = .malformedResponse(operationID: clientError.operationID)
        } else if underlying is ClientError || underlying is APIFailure || underlying is any APIFailureConvertible
            || underlying is NetworkFailure || underlying is ResponseTooLarge
        {
            self = Self(classifying: underlying)
        } else if clientError.response != nil {
            // A response arrived but could not be turned into the operation's output: a contract violation.
            self = .malformedResponse(operationID: clientError.operationID)
        } else {
            self = .other
        }
    }
}

/// An error that knows which `APIFailure` it is. Middlewares and transports throw these so that Data layers can
/// classify them without importing the module that defines them.
public protocol APIFailureConvertible: Error {
    var apiFailure: APIFailure { get }
}
