import Crypto
import Foundation
import RFC7636

/// A P-256 public key as a JSON Web Key (RFC 7518 §6.2.1): the `jwk` header of a DPoP proof, and the key whose
/// RFC 7638 thumbprint a DPoP-bound token carries (`cnf.jkt`, RFC 9449 §6).
public struct DPoPPublicKey: Sendable, Equatable, Codable {
    public let kty: String
    public let crv: String
    public let x: String
    public let y: String

    /// The JWK of `key`.
    public init(_ key: P256.Signing.PublicKey) {
        let raw = Array(key.rawRepresentation)
        kty = "EC"
        crv = "P-256"
        x = Base64URL.encode(raw[0..<32])
        y = Base64URL.encode(raw[32..<64])
    }

    /// The key this JWK describes, or `nil` unless it is an EC P-256 key whose coordinates are on the curve.
    public var publicKey: P256.Signing.PublicKey? {
        guard kty == "EC", crv == "P-256", let x = Base64URL.decode(x), let y = Base64URL.decode(y),
            x.count == 32, y.count == 32
        else { return nil }
        return try? P256.Signing.PublicKey(rawRepresentation: x + y)
    }

    /// The JWK SHA-256 thumbprint (RFC 7638 §3): SHA-256 over the required members in lexicographic order, with no
    /// whitespace, base64url-encoded. The members are `crv`, `kty`, `x`, `y` (§3.2), which is what a sorted-keys
    /// encoding of this type writes: it has no other member.
    public var thumbprint: String {
        Base64URL.encode(SHA256.hash(data: JOSEJSON.encode(self)))
    }
}
