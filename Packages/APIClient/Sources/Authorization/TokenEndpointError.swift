import APIClient
import Foundation

/// How a token request failed, by what the caller must do about it (RFC 6749 §5.2, requirements C1–C4).
public enum TokenEndpointError: Error, Equatable, Sendable, LocalizedError {
    /// `invalid_grant`: wrong password, or a refresh token that is expired, revoked or already used.
    case invalidGrant(description: String?)
    /// `invalid_client`, `unauthorized_client`, `unsupported_grant_type`, `invalid_request`, `invalid_scope` or an
    /// unknown code: the app or server is misconfigured. Stored credentials are kept.
    case misconfigured(code: String, description: String?)
    /// The network failed, or the server is down or throttling. Retry later; nothing was changed.
    case transient(reason: String, retryAfter: TimeInterval?)
    /// The server answered 200 with something that is not a usable Bearer token.
    case malformedResponse(reason: String)
    /// Tokens would travel over plain HTTP to a host other than loopback (requirement A5).
    case insecureTransport(origin: String)

    public var errorDescription: String? {
        switch self {
        case .invalidGrant(let description):
            "The server refused the credentials (invalid_grant)\(Self.suffix(description))."
        case .misconfigured(let code, let description):
            "The token endpoint rejected the request as misconfigured (\(code))\(Self.suffix(description))."
        case .transient(let reason, let retryAfter):
            "The token endpoint could not be used right now (\(reason))"
                + (retryAfter.map { "; retry after \(Int($0.rounded(.up))) s." } ?? ".")
        case .malformedResponse(let reason):
            "The token endpoint sent an unusable response: \(reason)."
        case .insecureTransport(let origin):
            "Refusing to send credentials to \(origin) without TLS; plain http is allowed for loopback only."
        }
    }

    private static func suffix(_ description: String?) -> String {
        guard let description, !description.isEmpty else { return "" }
        return ": " + Redaction.sanitize(description, maxLength: 120)
    }
}
