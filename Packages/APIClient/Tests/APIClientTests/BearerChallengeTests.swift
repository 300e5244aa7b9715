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
            (#"Basic realm="x", Bearer error="insufficient_scope""#, "insufficient_scope"),
            (#"Bearer realm="a", Basic realm="b", error="invalid_token""#, nil), (#"DPoP error="invalid_token""#, nil),
            ("Bearer\terror=\t\"invalid_token\"", "invalid_token"), (#"bearer error="invalid_token""#, "invalid_token"),
            (#"Basic YWxhZGRpbjpvcGVuc2VzYW1l==, Bearer error="invalid_token""#, "invalid_token"), ("", nil),
        ] as [(String, String?)])
    func errorCode(challenge: String, code: String?) {
        #expect(BearerChallenge.errorCode(in: challenge) == code)
    }
}
