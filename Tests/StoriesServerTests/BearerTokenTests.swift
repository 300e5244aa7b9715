import HTTPTypes
import Testing

@testable import StoriesServerKit

@Suite("Bearer token in the Authorization header")
struct BearerTokenTests {
    @Test(
        "Reads the token after a case-insensitive Bearer, trims whitespace around it, and finds none otherwise",
        arguments: [
            ("Bearer abc-_.~+/=", "abc-_.~+/="), ("bearer abc", "abc"), ("BEARER abc", "abc"),
            ("Bearer  abc\t", "abc"), ("Bearer abc\u{A0}", "abc"), ("Bearer a b", "a b"), ("Bearer ", nil),
            ("Bearer  ", nil), ("Bearer", nil), ("Basic abc", nil), ("Bearerabc", nil),
        ] as [(String, String?)])
    func readsToken(header: String, expected: String?) {
        let request = HTTPRequest(
            method: .get, scheme: "http", authority: "127.0.0.1", path: "/v1/me", headerFields: [.authorization: header]
        )
        #expect(BearerAuthenticationMiddleware.bearerToken(in: request) == expected)
    }
}
