import RFC9449

/// Why a request's DPoP proof was refused (RFC 9449 §4.3). The wire carries only the error code; the reason goes to
/// the log.
enum DPoPRefusal: Error, Equatable, Sendable {
    /// The request needed a proof and had none.
    case missing
    /// More than one `DPoP` header (§4.3 check 1).
    case several
    /// Not a valid proof at all (checks 2 to 7).
    case invalid(DPoPProofError)
    /// `htm` is not the request's method (check 8).
    case otherMethod
    /// `htu` is not the request's URI (check 9).
    case otherURI
    /// `iat` is outside the accepted window (check 11).
    case outsideWindow
    /// A proof with this `jti` was already used (§11.1).
    case replayed
    /// `ath` is missing or is not the hash of the access token sent with it (check 12).
    case otherAccessToken
    /// Signed with another key than the one the token is bound to (check 13, §5).
    case otherKey
    /// No nonce, or one the server no longer accepts (check 10): the client should retry with `DPoP-Nonce`'s.
    case nonceNeeded

    /// The error code of RFC 9449 §12.2.
    var errorCode: String { self == .nonceNeeded ? "use_dpop_nonce" : "invalid_dpop_proof" }

    /// The `reason=` of the log line.
    var reason: String {
        switch self {
        case .missing: "missing"
        case .several: "several"
        case .invalid(let error): "\(error)"
        case .otherMethod: "other_method"
        case .otherURI: "other_uri"
        case .outsideWindow: "outside_window"
        case .replayed: "replayed"
        case .otherAccessToken: "other_access_token"
        case .otherKey: "other_key"
        case .nonceNeeded: "nonce_needed"
        }
    }

    /// The `error_description` sent with the code.
    var description: String {
        switch self {
        case .nonceNeeded: "Send the request again with a DPoP proof that carries the nonce in DPoP-Nonce."
        case .missing: "A DPoP proof is required."
        default: "The DPoP proof is not valid for this request."
        }
    }
}
