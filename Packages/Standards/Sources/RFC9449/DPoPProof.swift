import Crypto
import Foundation
import RFC7636

/// A DPoP proof whose form, header and signature have been checked (RFC 9449 §4.3 checks 2 to 7). What depends on
/// the request (`htm`, `htu`, `iat`, `jti`, `ath`, `nonce`) is the receiver's to check against `claims`.
public struct DPoPProof: Sendable, Equatable {
    public let header: DPoPProofHeader
    public let claims: DPoPProofClaims
    /// The RFC 7638 thumbprint of the key that signed it.
    public let keyThumbprint: String

    /// The longest proof read: a P-256 proof with a long nonce is well under 1 KiB.
    public static let maximumLength = 4096

    /// The algorithms proofs may be signed with: asymmetric ones only (§4.3 check 5), and of those the one this module
    /// verifies.
    public static let supportedAlgorithms = [DPoPSigningKey.algorithm]

    /// Reads and checks `compact`: a JWS in compact serialization, `typ` `dpop+jwt`, `alg` in `supportedAlgorithms`,
    /// a public `jwk` with no private part, a signature by that key, and every claim §4.2 requires.
    public init(verifying compact: String) throws(DPoPProofError) {
        guard compact.utf8.count <= Self.maximumLength else { throw .malformed }
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(String(parts[0])),
            let claimBytes = Base64URL.decode(String(parts[1])),
            let signatureBytes = Base64URL.decode(String(parts[2])),
            let received = JOSEJSON.decode(ReceivedHeader.self, from: headerBytes)
        else { throw .malformed }
        guard received.typ == DPoPProofHeader.type else { throw .wrongType }
        guard let alg = received.alg, Self.supportedAlgorithms.contains(alg) else { throw .unsupportedAlgorithm }
        guard let jwk = received.jwk else { throw .invalidKey }
        guard jwk.d == nil else { throw .privateKeyInHeader }
        guard let x = jwk.x, let y = jwk.y else { throw .invalidKey }
        let publicJWK = DPoPPublicKey(kty: jwk.kty, crv: jwk.crv ?? "", x: x, y: y)
        guard let key = publicJWK.publicKey else { throw .invalidKey }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
            key.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8))
        else { throw .badSignature }
        guard let claims = JOSEJSON.decode(DPoPProofClaims.self, from: claimBytes), !claims.jti.isEmpty else {
            throw .missingClaims
        }
        header = DPoPProofHeader(alg: alg, jwk: publicJWK)
        self.claims = claims
        keyThumbprint = publicJWK.thumbprint
    }
}

extension DPoPPublicKey {
    /// The JWK with these members, as received; `publicKey` says whether it is a usable key.
    init(kty: String, crv: String, x: String, y: String) {
        self.kty = kty
        self.crv = crv
        self.x = x
        self.y = y
    }
}

/// Why a DPoP proof was refused before its claims were compared with the request.
public enum DPoPProofError: Error, Equatable, Sendable {
    /// Not a JWS in compact serialization with JSON header and claims, or too long.
    case malformed
    /// `typ` is not `dpop+jwt`.
    case wrongType
    /// `alg` is missing, `none`, symmetric, or one this module does not verify.
    case unsupportedAlgorithm
    /// No `jwk`, or not a P-256 public key.
    case invalidKey
    /// The `jwk` carries a private key (`d`).
    case privateKeyInHeader
    /// The signature is not the `jwk`'s over the header and claims.
    case badSignature
    /// `jti`, `htm`, `htu` or `iat` is missing or of the wrong type.
    case missingClaims
}
