import OnboardingDomain
import OnboardingPresentation
import Testing

@Suite("AccountRules and CredentialsForm")
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

    @Test(
        "The form says nothing about empty fields and allows submitting only valid input",
        arguments: [
            ("", "", nil, nil, false), ("ab", "", "A username has 3 to 32 characters.", nil, false),
            ("demo", "short", nil, "A password has at least 8 characters.", false),
            ("demo", "long-enough", nil, nil, true),
        ] as [(String, String, String?, String?, Bool)])
    func form(username: String, password: String, usernameMessage: String?, passwordMessage: String?, canSubmit: Bool) {
        let form = CredentialsForm(username: username, password: password)
        #expect(form.usernameMessage == usernameMessage)
        #expect(form.passwordMessage == passwordMessage)
        #expect(form.canSubmit == canSubmit)
    }
}
