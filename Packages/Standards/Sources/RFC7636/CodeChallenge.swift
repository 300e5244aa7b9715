import Crypto

/// RFC 7636's S256 code challenge and the grammar of the verifier it is made from: one definition for the client that
/// makes them and the reference server that checks them.
///
/// S256 is the only method here: `plain` sends the verifier itself through the browser, where PKCE exists to keep it
/// out of reach.
public enum CodeChallenge {
    /// `BASE64URL(SHA256(ASCII(verifier)))` without padding (RFC 7636 §4.2).
    public static func s256(of verifier: String) -> String {
        Base64URL.encode(SHA256.hash(data: Array(verifier.utf8)))
    }

    /// Whether `verifier` is 43 to 128 characters of `A-Z a-z 0-9 - . _ ~` (RFC 7636 §4.1).
    public static func isWellFormedVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && verifier.utf8.allSatisfy(isUnreserved)
    }

    /// Whether `challenge` can be an S256 challenge: the 43 base64url characters of a SHA-256 digest.
    public static func isWellFormedS256(_ challenge: String) -> Bool {
        challenge.utf8.count == 43 && challenge.utf8.allSatisfy(Base64URL.isInAlphabet)
    }

    /// Whether `verifier` is well formed and hashes to `challenge` (RFC 7636 §4.6), compared in time that does not
    /// depend on where the two first differ.
    public static func verifier(_ verifier: String, matches challenge: String) -> Bool {
        guard isWellFormedVerifier(verifier) else { return false }
        let expected = Array(s256(of: verifier).utf8)
        let given = Array(challenge.utf8)
        guard expected.count == given.count else { return false }
        // Every byte is compared, so the time taken does not tell how much of a guess was right.
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Whether `byte` is one of RFC 3986's unreserved characters, `A-Z a-z 0-9 - . _ ~`: the verifier's alphabet, and
    /// what a form value may carry without percent-encoding.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
