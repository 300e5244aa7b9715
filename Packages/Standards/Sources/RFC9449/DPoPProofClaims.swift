/// The claims of a DPoP proof (RFC 9449 §4.2).
public struct DPoPProofClaims: Sendable, Equatable, Codable {
    /// A unique identifier of this proof, for the server's replay check.
    public var jti: String
    /// The HTTP method of the request (`POST`).
    public var htm: String
    /// The request's URI without query and fragment (`DPoPTargetURI`).
    public var htu: String
    /// When the proof was made, in seconds since 1970 (a JWT NumericDate).
    public var iat: Double
    /// base64url(SHA-256(access token)) on requests that carry an access token (`AccessTokenHash`).
    public var ath: String?
    /// The last nonce the server sent in `DPoP-Nonce`, if any.
    public var nonce: String?

    public init(jti: String, htm: String, htu: String, iat: Double, ath: String? = nil, nonce: String? = nil) {
        self.jti = jti
        self.htm = htm
        self.htu = htu
        self.iat = iat
        self.ath = ath
        self.nonce = nonce
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jti, forKey: .jti)
        try container.encode(htm, forKey: .htm)
        try container.encode(htu, forKey: .htu)
        // A whole number of seconds, as RFC 7519 NumericDates usually are, so that no server reads a fraction.
        try container.encode(iatSeconds, forKey: .iat)
        try container.encodeIfPresent(ath, forKey: .ath)
        try container.encodeIfPresent(nonce, forKey: .nonce)
    }

    /// `iat` as the whole number of seconds `encode(to:)` writes; a value no clock gives (not finite, or beyond what
    /// 64 bits hold) is clamped instead of trapping.
    var iatSeconds: Int64 {
        guard iat.isFinite else { return 0 }
        let seconds = iat.rounded(.down)
        if seconds >= 9.2e18 { return .max }
        if seconds <= -9.2e18 { return .min }
        return Int64(seconds)
    }
}
