import Foundation
import RFC7636
import Testing

@testable import Authorization

@Suite("PKCE (RFC 7636, S256) and the authorization request's state")
struct PKCETests {
    /// RFC 7636 Appendix B: `E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM` is the appendix's challenge (Python's
    /// hashlib and the server's own PKCE tests agree). A value quoted elsewhere, `…TJguCQaoeNgJ8TquLiZ6pe9Hwm0`,
    /// is not the SHA-256 of this verifier.
    @Test("The S256 challenge of RFC 7636 Appendix B's verifier is the appendix's challenge")
    func appendixBVector() throws {
        let pkce = try PKCE(verifier: Secret("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE.method == "S256")
    }

    @Test("The appendix's 32 random octets encode to its verifier: base64url without padding")
    func appendixBOctets() {
        let octets: [UInt8] = [
            116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191,
            240, 91, 88, 5, 88, 83, 132, 141, 121,
        ]
        #expect(Base64URL.encode(octets) == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
    }

    @Test("A generated verifier is 43 characters of the unreserved set, and two are never the same")
    func generatedVerifier() {
        let first = PKCE.generate()
        let second = PKCE.generate()
        #expect(first.verifier.unredacted.count == 43)
        #expect(first.verifier.unredacted.utf8.allSatisfy(CodeChallenge.isUnreserved))
        #expect(first.verifier != second.verifier)
        #expect(first.challenge == PKCE.challenge(for: first.verifier.unredacted))
        #expect(first.challenge.count == 43)
        #expect(!first.challenge.contains("="))
    }

    @Test(
        "A verifier shorter than 43, longer than 128 or outside the unreserved set is refused",
        arguments: [
            String(repeating: "a", count: 42), String(repeating: "a", count: 129),
            String(repeating: "a", count: 42) + "+", String(repeating: "a", count: 42) + "=",
            String(repeating: "a", count: 42) + "é",
        ])
    func refusesMalformedVerifier(verifier: String) {
        #expect(throws: PKCE.MalformedVerifier.self) { try PKCE(verifier: Secret(verifier)) }
    }

    @Test(
        "A verifier of 43 to 128 unreserved characters is accepted",
        arguments: [String(repeating: "a", count: 43), String(repeating: "-._~", count: 32)])
    func acceptsWellFormedVerifier(verifier: String) throws {
        #expect(try PKCE(verifier: Secret(verifier)).verifier.unredacted == verifier)
    }

    @Test("The verifier never prints")
    func verifierRedacted() {
        let pkce = PKCE.generate()
        #expect(!"\(pkce)".contains(pkce.verifier.unredacted))
        #expect(!String(reflecting: pkce).contains(pkce.verifier.unredacted))
    }

    @Test("A state is random, URL-safe, and matches only itself", arguments: ["", "x", "abc"])
    func stateMatchesOnlyItself(other: String) {
        let state = AuthorizationState.generate()
        #expect(state.value.count == 43)
        #expect(state.value.utf8.allSatisfy(CodeChallenge.isUnreserved))
        #expect(state.matches(state.value))
        #expect(!state.matches(other))
        #expect(!state.matches(String(state.value.dropLast()) + (state.value.last == "A" ? "B" : "A")))
        #expect(!state.matches(state.value + "A"))
        #expect(state != AuthorizationState.generate())
    }
}
