import RFC7636
import Testing

@Suite("PKCE S256 challenge and verifier (RFC 7636)")
struct CodeChallengeTests {
    static let appendixBVerifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let appendixBChallenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    @Test("The S256 challenge of RFC 7636 Appendix B's verifier is the appendix's challenge")
    func appendixB() {
        #expect(CodeChallenge.s256(of: Self.appendixBVerifier) == Self.appendixBChallenge)
        #expect(CodeChallenge.verifier(Self.appendixBVerifier, matches: Self.appendixBChallenge))
    }

    @Test(
        "A verifier matches only the challenge it hashes to",
        arguments: [
            (appendixBVerifier, appendixBChallenge, true),
            (String(appendixBVerifier.dropLast()) + "l", appendixBChallenge, false),
            (appendixBVerifier, String(appendixBChallenge.dropLast()), false),
            (appendixBVerifier, appendixBVerifier, false),
        ] as [(String, String, Bool)])
    func verifierMatches(verifier: String, challenge: String, matches: Bool) {
        #expect(CodeChallenge.verifier(verifier, matches: challenge) == matches)
    }

    @Test(
        "Only 43 to 128 characters of A-Z a-z 0-9 - . _ ~ are a verifier, even when the challenge is its hash",
        arguments: [
            (String(repeating: "a", count: 42), false), (String(repeating: "a", count: 43), true),
            (String(repeating: "a", count: 128), true), (String(repeating: "a", count: 129), false),
            (String(repeating: "a", count: 42) + "+", false), (String(repeating: "a", count: 42) + "é", false),
            ("-._~" + String(repeating: "Z9", count: 20), true),
        ] as [(String, Bool)])
    func verifierShape(verifier: String, wellFormed: Bool) {
        #expect(CodeChallenge.isWellFormedVerifier(verifier) == wellFormed)
        #expect(CodeChallenge.verifier(verifier, matches: CodeChallenge.s256(of: verifier)) == wellFormed)
    }

    @Test(
        "Only 43 base64url characters can be an S256 challenge",
        arguments: [
            (appendixBChallenge, true), (String(appendixBChallenge.dropLast()), false),
            (appendixBChallenge + "A", false),
            (String(appendixBChallenge.dropLast()) + "=", false), (String(appendixBChallenge.dropLast()) + "~", false),
            ("", false),
        ] as [(String, Bool)])
    func challengeShape(challenge: String, wellFormed: Bool) {
        #expect(CodeChallenge.isWellFormedS256(challenge) == wellFormed)
    }
}
