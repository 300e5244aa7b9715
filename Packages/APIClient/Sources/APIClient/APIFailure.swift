import OpenAPIRuntime

/// Why a call through the generated client failed, in terms a feature's Data layer can map to its own errors.
///
/// The generated `Client` wraps every thrown error in `ClientError`; `init(classifying:)` looks through that wrapper
/// so that Data targets need neither the transport nor the authorisation module to tell failures apart.
public enum APIFailure: Error, Sendable, Equatable {
    /// The server could not be reached or the connection broke (DNS, refused, timeout, TLS).
    case unreachable(reason: String)
    /// No credential is stored for this server.
    case notSignedIn
    /// The server no longer accepts the session; the user has to sign in again.
    case sessionExpired(reason: String)
    /// The local credentials store cannot be read or written.
    case credentialsUnavailable(reason: String)
    /// The response did not match the contract.
    case malformedResponse(reason: String)
    /// Anything else.
    case other(reason: String)

    /// Classifies an error thrown by a call through the generated client.
    public init(classifying error: any Error) {
        if let failure = error as? APIFailure {
            self = failure
        } else if let convertible = error as? any APIFailureConvertible {
            self = convertible.apiFailure
        } else if let clientError = error as? ClientError {
            self = Self(classifyingClientError: clientError)
        } else if error is DecodingError {
            self = .malformedResponse(reason: "the response body does not match the API contract")
        } else {
            self = .other(reason: String(describing: type(of: error)))
        }
    }

    private init(classifyingClientError clientError: ClientError) {
        let underlying = clientError.underlyingError
        if underlying is DecodingError {
            self = .malformedResponse(reason: "the \(clientError.operationID) response does not match the API contract")
        } else if underlying is ClientError || underlying is APIFailure || underlying is any APIFailureConvertible {
            self = Self(classifying: underlying)
        } else if clientError.response != nil {
            // A response arrived but could not be turned into the operation's output: a contract violation.
            self = .malformedResponse(reason: "unexpected \(clientError.operationID) response")
        } else {
            self = .other(reason: "\(clientError.operationID) failed")
        }
    }
}

/// An error that knows which `APIFailure` it is. Middlewares and transports throw these so that Data layers can
/// classify them without importing the module that defines them.
public protocol APIFailureConvertible: Error {
    var apiFailure: APIFailure { get }
}
