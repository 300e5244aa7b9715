/// The JOSE header of a DPoP proof (RFC 9449 §4.2).
public struct DPoPProofHeader: Sendable, Equatable, Codable {
    /// `dpop+jwt`: the media type that keeps a proof from being taken for any other JWT.
    public var typ: String
    public var alg: String
    public var jwk: DPoPPublicKey

    public init(typ: String = DPoPProofHeader.type, alg: String, jwk: DPoPPublicKey) {
        self.typ = typ
        self.alg = alg
        self.jwk = jwk
    }

    /// The `typ` of every DPoP proof (RFC 9449 §4.2).
    public static let type = "dpop+jwt"
}

/// A `jwk` header as received: the public members, and `d`, whose presence means a private key was sent (RFC 9449
/// §4.3 check 7).
struct ReceivedJWK: Decodable {
    var kty: String
    var crv: String?
    var x: String?
    var y: String?
    var d: String?
}

/// A received header, read before anything is trusted.
struct ReceivedHeader: Decodable {
    var typ: String?
    var alg: String?
    var jwk: ReceivedJWK?
}
