import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636) with the S256 method, the only one the server accepts: `plain` would send
/// the verifier itself through the browser, where PKCE exists to keep it out of reach.
enum PKCE {
    /// The S256 challenge of `verifier`: BASE64URL(SHA256(ASCII(verifier))), RFC 7636 §4.2.
    static func s256Challenge(of verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString()
    }

    /// Whether `verifier` is 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1).
    static func isWellFormedVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && verifier.utf8.allSatisfy(isUnreserved)
    }

    /// Whether `challenge` can be an S256 challenge: the 43 base64url characters of a SHA-256 digest.
    static func isWellFormedS256Challenge(_ challenge: String) -> Bool {
        challenge.utf8.count == 43
            && challenge.utf8.allSatisfy { isUnreserved($0) && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "~") }
    }

    /// Whether `verifier` is well formed and hashes to `challenge` (RFC 7636 §4.6).
    static func verifier(_ verifier: String, matches challenge: String) -> Bool {
        guard isWellFormedVerifier(verifier) else { return false }
        let expected = Array(s256Challenge(of: verifier).utf8)
        let given = Array(challenge.utf8)
        guard expected.count == given.count else { return false }
        // Every byte is compared, so the time taken does not tell how much of a guess was right.
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
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
