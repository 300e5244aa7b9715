import OnboardingDomain

/// The fields of a sign-in or registration form and what to say about them.
public struct CredentialsForm: Sendable, Equatable {
    public var username: String
    public var password: String

    public init(username: String = "", password: String = "") {
        self.username = username
        self.password = password
    }

    /// Messages to show under the fields; empty fields get none until the user has typed something.
    public var usernameMessage: String? {
        username.isEmpty ? nil : AccountRules.problem(withUsername: username)
    }

    public var passwordMessage: String? {
        password.isEmpty ? nil : AccountRules.problem(withPassword: password)
    }

    /// Whether the form can be submitted.
    public var canSubmit: Bool {
        AccountRules.problem(withUsername: username) == nil && AccountRules.problem(withPassword: password) == nil
    }
}
