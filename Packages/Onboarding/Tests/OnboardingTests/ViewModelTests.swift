import DomainFailure
import Foundation
import OnboardingDomain
import OnboardingPresentation
import Testing

@Suite("SignInViewModel")
@MainActor
struct SignInViewModelTests {
    @Test(
        "Validates the username as typed and enables submit only with both fields",
        arguments: [
            ("", "", nil, false), ("ab", "pw", "A username has 3 to 32 characters.", false),
            ("Demo", "pw", "A username may contain only a-z, 0-9, _ and -.", false), ("demo", "", nil, false),
            ("demo", "x", nil, true),
        ] as [(String, String, String?, Bool)])
    func fields(username: String, password: String, message: String?, canSubmit: Bool) {
        let viewModel = SignInViewModel(service: ScriptedOnboardingService())
        viewModel.username = username
        viewModel.password = password
        #expect(viewModel.usernameMessage == message)
        #expect(viewModel.canSubmit == canSubmit)
    }

    @Test(
        "Submitting ends in success or in a message a person can act on",
        arguments: [
            (nil, nil),
            (OnboardingError.wrongCredentials, "Wrong username or password. Check them and try again."),
            (
                .unreachable(FailureCause(CancellationError())),
                "The server cannot be reached. Check your connection and try again."
            ),
        ] as [(OnboardingError?, String?)])
    func submits(error: OnboardingError?, message: String?) async {
        var service = ScriptedOnboardingService()
        if let error { service.signIn = .failure(error) }
        let viewModel = SignInViewModel(service: service)
        viewModel.username = "demo"
        viewModel.password = "secret-password"
        await viewModel.submit()
        if let message {
            #expect(viewModel.submission == .failed(message: message))
            #expect(viewModel.lastError == error)
        } else {
            guard case .succeeded = viewModel.submission else {
                Issue.record("expected success, got \(viewModel.submission)")
                return
            }
        }
        #expect(viewModel.password.isEmpty)
    }

    @Test("A form that reads whether it can be sent is told when a field changes")
    func observed() {
        let viewModel = SignInViewModel(service: ScriptedOnboardingService())
        let changes = ChangeCount()
        changes.track { _ = viewModel.canSubmit }
        viewModel.username = "demo"
        #expect(changes.value == 1)
        // As the view renders again: with a valid username, whether the form can be sent now depends on the password.
        changes.track { _ = viewModel.canSubmit }
        viewModel.password = "x"
        #expect(changes.value == 2)
        #expect(viewModel.canSubmit)
    }
}

@Suite("RegistrationViewModel")
@MainActor
struct RegistrationViewModelTests {
    @Test(
        "Shows the account rules and a mismatch as the user types",
        arguments: [
            ("newbie", "long-enough", "long-enough", nil, nil, nil, true),
            ("nb", "long-enough", "long-enough", "A username has 3 to 32 characters.", nil, nil, false),
            ("newbie", "short", "short", nil, "A password has 8 to 128 characters.", nil, false),
            ("newbie", "long-enough", "long-enougj", nil, nil, "The passwords do not match.", false),
            ("", "", "", nil, nil, nil, false),
        ] as [(String, String, String, String?, String?, String?, Bool)])
    func fields(
        username: String,
        password: String,
        confirmation: String,
        usernameMessage: String?,
        passwordMessage: String?,
        confirmationMessage: String?,
        canSubmit: Bool
    ) {
        let viewModel = RegistrationViewModel(service: ScriptedOnboardingService())
        viewModel.username = username
        viewModel.password = password
        viewModel.passwordConfirmation = confirmation
        #expect(viewModel.usernameMessage == usernameMessage)
        #expect(viewModel.passwordMessage == passwordMessage)
        #expect(viewModel.confirmationMessage == confirmationMessage)
        #expect(viewModel.canSubmit == canSubmit)
    }

    @Test(
        "Registers and signs in, or says why not",
        arguments: [
            (Result<UserAccount, OnboardingError>?.none, nil as String?),
            (.failure(.usernameTaken), "That username is already taken on the server. Choose another one."),
            (
                .failure(.invalidInput("The username must be 3 to 32 characters.")),
                "The username must be 3 to 32 characters."
            ),
        ])
    func submits(registration: Result<UserAccount, OnboardingError>?, message: String?) async {
        var service = ScriptedOnboardingService()
        if let registration { service.registration = registration }
        let viewModel = RegistrationViewModel(service: service)
        viewModel.username = "newbie"
        viewModel.password = "long-enough"
        viewModel.passwordConfirmation = "long-enough"
        await viewModel.submit()
        if let message {
            #expect(viewModel.submission == .failed(message: message))
        } else {
            #expect(viewModel.submission == .succeeded(try! service.signIn.get()))
        }
    }

    @Test("Submitting shows the form as being sent, then its outcome, to a view that reads it")
    func observedSubmission() async {
        let viewModel = RegistrationViewModel(service: ScriptedOnboardingService())
        viewModel.username = "newbie"
        viewModel.password = "long-enough"
        viewModel.passwordConfirmation = "long-enough"
        let changes = ChangeCount()
        changes.track { _ = viewModel.submission }
        await viewModel.submit()
        #expect(changes.value == 2)  // submitting, then succeeded
        guard case .succeeded = viewModel.submission else {
            Issue.record("expected succeeded, got \(viewModel.submission)")
            return
        }
        #expect(viewModel.password.isEmpty)
        #expect(viewModel.passwordConfirmation.isEmpty)
    }
}
