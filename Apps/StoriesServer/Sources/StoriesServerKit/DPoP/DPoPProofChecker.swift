import Foundation
import HTTPTypes
import RFC9449

/// Checks the DPoP proof of a request as RFC 9449 §4.3 lists: one `DPoP` header; a JWS whose form, `typ`, `alg`,
/// public `jwk` and signature hold (`DPoPProof`); `htm` and `htu` those of the request; `iat` within `window` seconds
/// of now either way; the server's nonce when it asks for one; `ath` the hash of the access token sent with it; and a
/// `jti` not seen before with that key. Returns the key's RFC 7638 thumbprint.
struct DPoPProofChecker: Sendable {
    let mode: DPoPMode
    let environment: ServerEnvironment
    let nonces: DPoPNonces
    let replays: DPoPReplayCache
    /// How far `iat` may be from now, either way: a client's clock may be a little off, and a proof is made just
    /// before it is sent.
    var window: TimeInterval = 60

    init(mode: DPoPMode, environment: ServerEnvironment) {
        self.mode = mode
        self.environment = environment
        nonces = DPoPNonces(environment: environment)
        replays = DPoPReplayCache(environment: environment)
    }

    /// Whether a proof must carry a nonce this server issued: when DPoP is required, so that no proof made in
    /// advance (by whoever held the key for a moment) works later.
    var requiresNonce: Bool { mode == .required }

    /// The algorithms the metadata advertises; none when DPoP is off.
    var signingAlgorithms: [String]? { mode.isEnabled ? DPoPProof.supportedAlgorithms : nil }

    /// The thumbprint of the key that made the proof among `values` (the request's `DPoP` headers), `nil` when there is none (or DPoP is off), or the
    /// refusal.
    ///
    /// - Parameters:
    ///   - uri: the request's absolute URI as the client addressed it (the public origin and the path).
    ///   - accessToken: the token the request carries, for `ath`; `nil` at the token endpoint.
    func check(
        _ values: [String], method: HTTPRequest.Method, uri: String, accessToken: String?
    ) async -> Result<String?, DPoPRefusal> {
        guard mode.isEnabled else { return .success(nil) }
        guard let compact = values.first else { return .success(nil) }
        guard values.count == 1 else { return .failure(.several) }
        let proof: DPoPProof
        do {
            proof = try DPoPProof(verifying: compact)
        } catch {
            return .failure(.invalid(error))
        }
        let claims = proof.claims
        guard claims.htm == method.rawValue else { return .failure(.otherMethod) }
        guard let htu = DPoPTargetURI.normalized(claims.htu), htu == DPoPTargetURI.normalized(uri) else {
            return .failure(.otherURI)
        }
        if let accessToken {
            guard claims.ath == AccessTokenHash.of(accessToken) else { return .failure(.otherAccessToken) }
        }
        let now = environment.now().timeIntervalSince1970
        guard abs(claims.iat - now) <= window else { return .failure(.outsideWindow) }
        if requiresNonce {
            guard let nonce = claims.nonce, nonces.accepts(nonce) else { return .failure(.nonceNeeded) }
        }
        let isFirstUse = await replays.firstUse(
            jti: claims.jti, keyThumbprint: proof.keyThumbprint,
            forgetAt: Date(timeIntervalSince1970: claims.iat + window), from: RequestClient.address)
        guard isFirstUse else { return .failure(.replayed) }
        return .success(proof.keyThumbprint)
    }

    /// The `DPoP-Nonce` to send with an answer: the current nonce when the server asks for them.
    func nonceToSend() -> String? {
        requiresNonce ? nonces.nonce() : nil
    }
}

extension HTTPField.Name {
    /// The DPoP proof of a request (RFC 9449 §4.1).
    static let dpop = HTTPField.Name("DPoP")!
    /// A nonce for the client's next proofs (RFC 9449 §8).
    static let dpopNonce = HTTPField.Name("DPoP-Nonce")!
}
