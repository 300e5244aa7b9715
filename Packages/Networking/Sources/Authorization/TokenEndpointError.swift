import APIClient
import Foundation

/// How a token request failed, by what the caller must do about it (RFC 6749 §5.2). Cases carry data; the front that
/// reports one phrases it.
public enum TokenEndpointError: Error, Equatable, Sendable, APIFailureConvertible {
    /// `invalid_grant`: wrong password, or a refresh token that is expired, revoked or already used. The description
    /// is the server's, untrusted text.
    case invalidGrant(description: String?)
    /// `invalid_client`, `unauthorized_client`, `unsupported_grant_type`, `invalid_request`, `invalid_scope` or an
    /// unknown code: the app or server is misconfigured. Stored credentials are kept.
    case misconfigured(code: String, description: String?)
    /// No complete answer arrived. The server may or may not have processed the request.
    case unreachable(NetworkFailure)
    /// The server answered that it cannot serve now (408, 429, 5xx, or `temporarily_unavailable`/`server_error`).
    case unavailable(status: Int, retryAfter: RetryAfter?)
    /// The server answered something that is not a usable token response.
    case malformedResponse(TokenResponseProblem)
    /// Tokens would travel over plain HTTP to a host other than this machine; nothing was sent.
    case insecureTransport(origin: String)

    /// The shared classification, for a token-endpoint failure that reaches a caller through the generated client
    /// (the insecure-transport refusal does). `invalid_grant` here is a sign-in refused, which a caller reports as
    /// "sign in again".
    public var apiFailure: APIFailure {
        switch self {
        case .invalidGrant: .sessionExpired
        case .unreachable(let failure): .unreachable(failure)
        case .unavailable(let status, let retryAfter): .unavailable(status: status, retryAfter: retryAfter)
        case .malformedResponse: .malformedResponse(operationID: "createToken")
        case .insecureTransport(let origin): .insecureTransport(origin: origin)
        case .misconfigured: .other
        }
    }

    /// Whether the failure may pass without anyone changing anything: retry later.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .unavailable: true
        case .invalidGrant, .misconfigured, .malformedResponse, .insecureTransport: false
        }
    }
}

/// What was wrong with a token endpoint's answer.
public enum TokenResponseProblem: Sendable, Equatable {
    /// The body is not the JSON the contract describes.
    case notJSON
    /// `token_type` is not `Bearer`.
    case notBearer
    /// The access token has characters a bearer token cannot have (RFC 6750 §2.1), or is empty.
    case invalidAccessToken
    /// A `refresh_token` is present but empty.
    case emptyRefreshToken
    /// The body was larger than the limit for token responses.
    case tooLarge(limit: Int)
    /// A device authorization without a device code, a user code, an absolute verification URI or a positive
    /// lifetime.
    case invalidDeviceAuthorization
    /// A status the token endpoint does not use (a redirect is never followed).
    case unexpectedStatus(Int)
    /// `/me` named the new session's account with a name no one could type or read back: empty or blank, with
    /// control characters, or longer than `CurrentUserAccountIdentifier.maximumAccountNameLength`.
    case unusableAccountName
}

extension TokenEndpointError {
    /// This error with each of `secrets` replaced by `<redacted>` in the server's code and description. A server that
    /// echoes the password or refresh token it was sent (`password 'hunter2' rejected`) must not have it printed: the
    /// CLI's redaction of token-shaped text cannot recognise a password of ordinary words.
    func withholding(_ secrets: [String]) -> TokenEndpointError {
        func cut(_ text: String) -> String {
            secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacingOccurrences(of: $1, with: "<redacted>") }
        }
        switch self {
        case .invalidGrant(let description): return .invalidGrant(description: description.map(cut))
        case .misconfigured(let code, let description):
            return .misconfigured(code: cut(code), description: description.map(cut))
        case .unreachable, .unavailable, .malformedResponse, .insecureTransport: return self
        }
    }
}
