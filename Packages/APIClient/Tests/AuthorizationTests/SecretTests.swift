import Authorization
import Testing

@Suite("Secret")
struct SecretTests {
    @Test("Never shows its value in descriptions, interpolation or dumps")
    func redacts() {
        let secret = Secret("s3cr3t-value-that-must-not-leak")
        var dumped = ""
        dump(secret, to: &dumped)
        for text in ["\(secret)", String(describing: secret), String(reflecting: secret), dumped] {
            #expect(!text.contains("s3cr3t"), "leaked in \(text)")
        }
    }

    @Test(
        "Accepts only RFC 6750 b64token syntax",
        arguments: [
            ("abcDEF123-._~+/", true), ("abc==", true), ("a", true), ("", false), ("=abc", false), ("ab=c", false),
            ("has space", false), ("line\nbreak", false), ("tab\t", false), ("ünicode", false), ("quote\"", false),
        ])
    func validatesBearerSyntax(value: String, isValid: Bool) {
        #expect(Secret(value).isValidBearerToken == isValid)
    }
}
