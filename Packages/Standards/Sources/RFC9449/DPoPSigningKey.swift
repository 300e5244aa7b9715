import Crypto
import Foundation
import RFC7636

/// A client's DPoP key: a P-256 private key (ES256, RFC 9449 §4.2). It signs proofs and tells its public JWK and
/// thumbprint; its description shows the thumbprint only, so that logging it by mistake reveals nothing secret.
public struct DPoPSigningKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    private let privateKey: P256.Signing.PrivateKey
    /// The proofs' protected header, base64url: the same for every proof of this key, and made once because it costs
    /// a public-key derivation (a point multiplication) and a JSON encoding, as much again as the signature.
    private let encodedHeader: String

    /// A new random key.
    public init() {
        self.init(P256.Signing.PrivateKey())
    }

    /// The key stored as `storedRepresentation`, or `nil` when those bytes are not a P-256 private key.
    public init?(storedRepresentation: some ContiguousBytes) {
        guard let key = try? P256.Signing.PrivateKey(rawRepresentation: storedRepresentation) else { return nil }
        self.init(key)
    }

    private init(_ privateKey: P256.Signing.PrivateKey) {
        self.privateKey = privateKey
        let header = DPoPProofHeader(alg: Self.algorithm, jwk: DPoPPublicKey(privateKey.publicKey))
        encodedHeader = Base64URL.encode(JOSEJSON.encode(header))
    }

    /// The private scalar, for the credentials store only: never log, print or send it.
    public var storedRepresentation: Data { privateKey.rawRepresentation }

    public var publicKey: DPoPPublicKey { DPoPPublicKey(privateKey.publicKey) }

    /// The RFC 7638 thumbprint of the public key, as a server reports it in `cnf.jkt`.
    public var thumbprint: String { publicKey.thumbprint }

    /// The only algorithm these keys sign with.
    public static let algorithm = "ES256"

    /// A compact JWS (RFC 7515 §7.1) of `claims`, with the `dpop+jwt` header that carries this key's public JWK.
    public func proof(_ claims: DPoPProofClaims) -> String {
        let signingInput = encodedHeader + "." + Base64URL.encode(JOSEJSON.encode(claims))
        // ES256 is ECDSA over SHA-256 with the signature as r ‖ s, 64 bytes (RFC 7518 §3.4); `signature(for:)` hashes
        // with SHA-256. A P-256 key always signs: the throwing API fails only for keys of another curve.
        let signature = (try? privateKey.signature(for: Data(signingInput.utf8)).rawRepresentation) ?? Data()
        return signingInput + "." + Base64URL.encode(signature)
    }

    public static func == (lhs: DPoPSigningKey, rhs: DPoPSigningKey) -> Bool {
        lhs.privateKey.rawRepresentation == rhs.privateKey.rawRepresentation
    }

    public var description: String { "DPoPSigningKey(jkt: \(thumbprint))" }
    public var debugDescription: String { description }
}
