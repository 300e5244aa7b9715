import APIClient
import Foundation

/// How a token request failed, by what the caller must do about it (RFC 6749 §5.2). Cases carry data; the front that
/// reports one phrases it.
public enum TokenEndpointError: Error, Equatable, Sendable, APIFailureConvertible {
    /// `invalid_grant`: wrong password, or a refresh token that is expired, revoked or already used. The description
    /// is the server's, untrusted text.
    case invalidGrant(description: String?)
    /// `invalid_grant` with `Retry-After`: the server held the attempt back after too many failed ones, without
    /// checking it (the password may well be right); try again after `retryAfter`.
    case throttled(retryAfter: RetryAfter)
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
    /// The authorization server publishes no endpoint for this request (its metadata names none); nothing was sent.
    case notPublished(Endpoint)

    /// An endpoint an authorization server may leave out of its metadata.
    public enum Endpoint: Sendable, Equatable {
        /// RFC 8628 §4.
        case deviceAuthorization
        /// RFC 7009 §3.
        case revocation
        /// RFC 9126 §5, for a server that requires pushed authorization requests.
        case pushedAuthorizationRequest
    }

    /// The shared classification, for a token-endpoint failure that reaches a caller through the generated client
    /// (the insecure-transport refusal does). `invalid_grant` here is a sign-in refused, which a caller reports as
    /// "sign in again".
    public var apiFailure: APIFailure {
        switch self {
        case .invalidGrant: .sessionExpired
        case .throttled(let retryAfter): .unavailable(status: 400, retryAfter: retryAfter)
        case .unreachable(let failure): .unreachable(failure)
        case .unavailable(let status, let retryAfter): .unavailable(status: status, retryAfter: retryAfter)
        case .malformedResponse: .malformedResponse(operationID: "createToken")
        case .insecureTransport(let origin): .insecureTransport(origin: origin)
        case .misconfigured, .notPublished: .other
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
    /// A pushed authorization request's answer without a usable `request_uri` (empty, longer than
    /// `TokenEndpoint.maximumRequestURILength`, or with characters outside printable ASCII) or a positive
    /// `expires_in` (RFC 9126 §2.2).
    case invalidPushedAuthorization
    /// A status the token endpoint does not use (a redirect is never followed).
    case unexpectedStatus(Int)
    /// `/me` named the new session's account with a name no one could type or read back: empty or blank, with
    /// control characters, or longer than `CurrentUserAccountIdentifier.maximumAccountNameLength`.
    case unusableAccountName
}

extension TokenEndpointError {
    /// This error with each of `secrets` replaced by `<redacted>` wherever it stands as a whole word in the server's
    /// code and description. A server that echoes the password or refresh token it was sent (`password 'hunter2'
    /// rejected`) must not have it printed: the CLI's redaction of token-shaped text cannot recognise a password of
    /// ordinary words. Whole words only, so that a short secret does not cut letters out of other words; and a code
    /// that RFC 6749 or RFC 8628 registers is kept as it is, since callers act on it (`authorization_pending`).
    func withholding(_ secrets: [String]) -> TokenEndpointError {
        func cut(_ text: String) -> String {
            secrets.filter { !$0.isEmpty }.reduce(text) { Self.replacingWholeWord($1, in: $0) }
        }
        switch self {
        case .invalidGrant(let description): return .invalidGrant(description: description.map(cut))
        case .misconfigured(let code, let description):
            return .misconfigured(
                code: Self.registeredCodes.contains(code) ? code : cut(code), description: description.map(cut))
        case .throttled, .unreachable, .unavailable, .malformedResponse, .insecureTransport, .notPublished:
            return self
        }
    }

    /// The error codes of RFC 6749 §5.2, RFC 7009 §2.2.1 and RFC 8628 §3.5.
    static let registeredCodes: Set<String> = [
        "invalid_request", "invalid_client", "invalid_grant", "unauthorized_client", "unsupported_grant_type",
        "invalid_scope", "unsupported_token_type", "authorization_pending", "slow_down", "access_denied",
        "expired_token", "temporarily_unavailable", "server_error",
    ]

    /// `text` with each occurrence of `word` that no letter or digit touches on either side replaced.
    static func replacingWholeWord(_ word: String, in text: String) -> String {
        var result = ""
        var rest = text[...]
        while let range = rest.range(of: word) {
            let before = range.lowerBound > rest.startIndex ? rest[rest.index(before: range.lowerBound)] : nil
            let after = range.upperBound < rest.endIndex ? rest[range.upperBound] : nil
            let isWhole =
                !(before?.isLetter ?? false) && !(before?.isNumber ?? false)
                && !(after?.isLetter ?? false) && !(after?.isNumber ?? false)
            result += rest[..<range.lowerBound]
            result += isWhole ? "<redacted>" : String(rest[range])
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
