import Foundation
import RFC7636
import RFC9449

/// Makes the DPoP proofs of one client (RFC 9449 §4.2): the clock and the random source behind `iat` and `jti` are
/// injected, so that tests can predict every proof, and the nonces servers hand out are remembered per origin.
public struct DPoPProofing: Sendable {
    private let now: @Sendable () -> Date
    private let makeID: @Sendable () -> String
    /// The last `DPoP-Nonce` of each origin.
    public let nonces: DPoPNonceCache

    /// - Parameters:
    ///   - now: the wall clock of `iat` (servers compare it with theirs).
    ///   - makeID: a new unique `jti` each call; by default 128 random bits from the system generator.
    ///   - nonces: where the servers' nonces are kept; share one between the token endpoint and the API client.
    public init(
        now: @escaping @Sendable () -> Date = { Date() },
        makeID: @escaping @Sendable () -> String = { DPoPProofing.randomID() },
        nonces: DPoPNonceCache = DPoPNonceCache()
    ) {
        self.now = now
        self.makeID = makeID
        self.nonces = nonces
    }

    /// A proof by `key` for `method` on `url` (its query and fragment left out of `htu`), with `ath` for
    /// `accessToken` when one goes with the request, and the nonce last received from `url`'s origin.
    public func proof(key: DPoPSigningKey, method: String, url: URL, accessToken: Secret? = nil) -> String {
        let htu = DPoPTargetURI.normalized(url) ?? url.absoluteString
        return key.proof(
            DPoPProofClaims(
                jti: makeID(), htm: method, htu: htu, iat: now().timeIntervalSince1970,
                ath: accessToken.map { AccessTokenHash.of($0.unredacted) }, nonce: nonces.nonce(for: url)))
    }

    /// 128 random bits, base64url.
    public static func randomID() -> String {
        // Two draws of 64 bits: one per byte was sixteen calls into the system's generator for every proof.
        var generator = SystemRandomNumberGenerator()
        let halves = (generator.next(), generator.next())
        return withUnsafeBytes(of: halves) { Base64URL.encode($0) }
    }
}
