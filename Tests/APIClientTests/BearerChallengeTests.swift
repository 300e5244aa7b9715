import APIClient
import Testing

@Suite("Bearer challenges (RFC 6750 §3)")
struct BearerChallengeTests {
    @Test(
        "The error code is read from its own parameter, quoted or not, and nowhere else",
        arguments: [
            ("Bearer", nil), (#"Bearer realm="stories""#, nil), (#"Bearer error="invalid_token""#, "invalid_token"),
            (#"Bearer realm="x", error="insufficient_scope", scope="admin""#, "insufficient_scope"),
            ("Bearer error=insufficient_scope", "insufficient_scope"),
            (#"Bearer ERROR="invalid_token""#, "invalid_token"),
            (#"Bearer error_description="no error=here", error="invalid_token""#, "invalid_token"),
            (#"Bearer error_description="a \"quoted\" error=x""#, nil), (#"Bearer error="""#, ""),
            (#"Bearer error="unterminated"#, "unterminated"), ("Bearer =,=,", nil),
        ] as [(String, String?)])
    func errorCode(challenge: String, code: String?) {
        #expect(BearerChallenge.errorCode(in: challenge) == code)
    }
}
