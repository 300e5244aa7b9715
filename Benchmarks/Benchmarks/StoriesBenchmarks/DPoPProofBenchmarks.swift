import Authorization
import Benchmark
import Crypto
import Foundation
import RFC9449

/// What a DPoP proof costs beyond the ES256 signature it cannot do without.
///
/// Anchor: a P-256 signature over as many bytes as a proof's signing input. Subject: a whole proof as the middleware
/// makes it for an API call (`jti`, `iat`, `htu`, `ath`, the claims' JSON, base64url and the signature). 1,000 each per
/// iteration; their ratio is how close the proof is to its floor.
func registerDPoPProofBenchmarks() {
    let proofs = 1_000
    let key = DPoPSigningKey()
    let privateKey = P256.Signing.PrivateKey()
    let proofing = DPoPProofing()
    // A literal that parses: the unwrap cannot fail.
    let url = URL(string: "https://api.stories.example/v1/stories?limit=20&cursor=abc")!
    let accessToken = Secret("benchmark-access-token-0123456789abcdef")
    let signingInput = Data(
        repeating: UInt8(ascii: "a"),
        count: proofing.proof(key: key, method: "GET", url: url, accessToken: accessToken).utf8.count - 87)
    Benchmark(
        "DPoP proofs: a proof for an API call vs its bare ES256 signature (anchor), 1,000 proofs",
        configuration: RunLength.configuration(duration: .seconds(6), iterations: 200)
    ) { benchmark in
        try await Interleaved.measure(benchmark) {
            for _ in 0..<proofs { blackHole(try privateKey.signature(for: signingInput)) }
        } subject: {
            for _ in 0..<proofs {
                blackHole(proofing.proof(key: key, method: "GET", url: url, accessToken: accessToken))
            }
        }
    }
}
