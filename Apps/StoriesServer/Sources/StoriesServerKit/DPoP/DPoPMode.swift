/// Whether the server takes DPoP proofs (RFC 9449), `--dpop`.
public enum DPoPMode: String, Sendable, CaseIterable {
    /// Every token request needs a proof, every access token is DPoP-bound, and every proof needs a nonce the server
    /// issued (§8, §9): tokens work only from the machine that holds the key.
    case required
    /// The default: a token request with a proof gets DPoP-bound tokens, one without gets bearer tokens, so that
    /// clients without DPoP (and external authorization servers' clients) keep working. A DPoP-bound token is refused
    /// as a bearer token either way.
    case optional
    /// No DPoP at all: the metadata advertises none, and a `DPoP` header is ignored.
    case off

    /// Whether the server reads proofs.
    var isEnabled: Bool { self != .off }
}
