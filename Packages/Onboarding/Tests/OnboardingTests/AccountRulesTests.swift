import OnboardingDomain
import Testing

@Suite("AccountRules")
struct AccountRulesTests {
    @Test(
        "Username rules match the server's",
        arguments: [
            ("abc", true), ("a_b-c9", true), (String(repeating: "z", count: 32), true), ("ab", false),
            (String(repeating: "z", count: 33), false), ("Abc", false), ("a.b", false), ("añb", false),
        ])
    func username(value: String, valid: Bool) {
        #expect((AccountRules.problem(withUsername: value) == nil) == valid)
    }

    @Test("Password rules match the server's", arguments: [("1234567", false), ("12345678", true), ("", false)])
    func password(value: String, valid: Bool) {
        #expect((AccountRules.problem(withPassword: value) == nil) == valid)
    }

    @Test("Passwords never print")
    func passwordRedacts() {
        let password = Password("hunter2-hunter2")
        var dumped = ""
        dump(password, to: &dumped)
        for text in ["\(password)", String(reflecting: password), dumped] {
            #expect(!text.contains("hunter2"))
        }
    }
}
