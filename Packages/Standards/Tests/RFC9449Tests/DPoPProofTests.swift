import Crypto
import Foundation
import RFC7636
import RFC9449
import Testing

@Suite("DPoP proofs (RFC 9449 §4)")
struct DPoPProofTests {
    let privateKey = P256.Signing.PrivateKey()
    var key: DPoPSigningKey { DPoPSigningKey(storedRepresentation: privateKey.rawRepresentation)! }
    let claims = DPoPProofClaims(
        jti: "j-1", htm: "POST", htu: "https://as.example/v1/oauth/token", iat: 1_700_000_000, nonce: "n-1")

    @Test func aProofMadeWithAKeyVerifiesAndNamesThatKeysThumbprint() throws {
        let proof = try DPoPProof(verifying: key.proof(claims))
        #expect(proof.claims == claims)
        #expect(proof.header.typ == "dpop+jwt")
        #expect(proof.header.alg == "ES256")
        #expect(proof.keyThumbprint == key.thumbprint)
    }

    @Test func theThumbprintOfRFC9449sExampleKeyIsTheOneTheRFCGives() throws {
        // RFC 9449 §4.1's key and §6.1's `jkt` for it.
        let json =
            #"{"kty":"EC","x":"l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs","y":"9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA","crv":"P-256"}"#
        let jwk = try JSONDecoder().decode(DPoPPublicKey.self, from: Data(json.utf8))
        #expect(jwk.publicKey != nil)
        #expect(jwk.thumbprint == "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I")
    }

    @Test func aStoredKeyComesBackAsTheSameKey() throws {
        let restored = try #require(DPoPSigningKey(storedRepresentation: key.storedRepresentation))
        #expect(restored.thumbprint == key.thumbprint)
        #expect(DPoPSigningKey(storedRepresentation: Data([1, 2, 3])) == nil)
    }

    @Test func theKeysDescriptionHoldsNoPrivateBytes() {
        let secret = Base64URL.encode(key.storedRepresentation)
        #expect(!"\(key)".contains(secret))
        #expect(!String(reflecting: key).contains(secret))
        #expect("\(key)".contains(key.thumbprint))
    }

    /// Each way a proof can be wrong, and what the verifier calls it.
    static let tamperings:
        [(name: String, tamper: @Sendable (String, P256.Signing.PrivateKey) -> String, DPoPProofError)] = [
            ("not three parts", { proof, _ in proof + ".x" }, .malformed),
            ("not base64url", { proof, _ in "!" + proof }, .malformed),
            ("too long", { proof, _ in proof + String(repeating: "A", count: DPoPProof.maximumLength) }, .malformed),
            (
                "another typ", { _, key in signed(header: ["typ": "JWT", "alg": "ES256", "jwk": jwk(key)], key: key) },
                .wrongType
            ),
            (
                "alg none",
                { _, key in signed(header: ["typ": "dpop+jwt", "alg": "none", "jwk": jwk(key)], key: key) },
                .unsupportedAlgorithm
            ),
            (
                "alg HS256",
                { _, key in signed(header: ["typ": "dpop+jwt", "alg": "HS256", "jwk": jwk(key)], key: key) },
                .unsupportedAlgorithm
            ),
            ("no jwk", { _, key in signed(header: ["typ": "dpop+jwt", "alg": "ES256"], key: key) }, .invalidKey),
            (
                "an RSA jwk",
                { _, key in
                    signed(
                        header: ["typ": "dpop+jwt", "alg": "ES256", "jwk": ["kty": "RSA", "n": "AQAB", "e": "AQAB"]],
                        key: key)
                }, .invalidKey
            ),
            (
                "a private jwk",
                { _, key in
                    var withPrivatePart = jwk(key)
                    withPrivatePart["d"] = Base64URL.encode(key.rawRepresentation)
                    return signed(header: ["typ": "dpop+jwt", "alg": "ES256", "jwk": withPrivatePart], key: key)
                }, .privateKeyInHeader
            ),
            (
                "signed by another key",
                { _, key in
                    signed(
                        header: ["typ": "dpop+jwt", "alg": "ES256", "jwk": jwk(key)], key: P256.Signing.PrivateKey())
                }, .badSignature
            ),
            (
                "claims changed after signing",
                { proof, _ in
                    let parts = proof.split(separator: ".").map(String.init)
                    let claims = Base64URL.encode(Data(#"{"jti":"j-2","htm":"GET","htu":"https://x","iat":1}"#.utf8))
                    return [parts[0], claims, parts[2]].joined(separator: ".")
                }, .badSignature
            ),
            (
                "no jti",
                { _, key in
                    signed(
                        header: ["typ": "dpop+jwt", "alg": "ES256", "jwk": jwk(key)], claims: ["htm": "GET"], key: key)
                }, .missingClaims
            ),
        ]

    @Test(arguments: tamperings.indices)
    func aProofThatIsWrongIsRefusedWithTheReason(index: Int) {
        let (_, tamper, expected) = Self.tamperings[index]
        #expect(throws: expected) { try DPoPProof(verifying: tamper(key.proof(claims), privateKey)) }
    }

    @Test(arguments: [
        ("https://AS.Example:443/v1/oauth/token?x=1#f", "https://as.example/v1/oauth/token"),
        ("http://127.0.0.1:80/v1/me", "http://127.0.0.1/v1/me"),
        ("http://127.0.0.1:8080/v1/me?cursor=abc", "http://127.0.0.1:8080/v1/me"),
        ("https://as.example", "https://as.example/"),
    ])
    func theTargetURIDropsQueryFragmentAndDefaultPort(url: String, htu: String) {
        #expect(DPoPTargetURI.normalized(url) == htu)
    }

    @Test func theAccessTokenHashIsBase64URLOfSHA256() {
        // SHA-256("abc") in base64url.
        #expect(AccessTokenHash.of("abc") == "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0")
    }

    // MARK: helpers: proofs built by hand, so that the verifier sees headers the signer would never write

    static func jwk(_ key: P256.Signing.PrivateKey) -> [String: String] {
        let jwk = DPoPPublicKey(key.publicKey)
        return ["kty": jwk.kty, "crv": jwk.crv, "x": jwk.x, "y": jwk.y]
    }

    static func signed(
        header: [String: any Sendable], claims: [String: any Sendable]? = nil, key: P256.Signing.PrivateKey
    ) -> String {
        let claims = claims ?? ["jti": "j", "htm": "POST", "htu": "https://as.example/token", "iat": 1_700_000_000]
        let encode = { (object: [String: any Sendable]) in
            Base64URL.encode((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
        }
        let input = encode(header) + "." + encode(claims)
        let signature = (try? key.signature(for: Data(input.utf8)).rawRepresentation) ?? Data()
        return input + "." + Base64URL.encode(signature)
    }
}
