import Foundation
import Observation
import OnboardingDomain

/// A registration form: the account rules as field messages, a confirmation field, and on success a signed-in
/// session for the new account.
///
/// Isolation: not `Sendable`; `submit()` runs on the caller's actor (see `SignInFlowViewModel`).
@Observable
public final class RegistrationViewModel {
    public var username = ""
    public var displayName = ""
    public var password = ""
    public var passwordConfirmation = ""
    public private(set) var submission: FormSubmission<SignInResult> = .editing
    public private(set) var lastError: OnboardingError?

    @ObservationIgnored private let service: any OnboardingService

    public init(service: any OnboardingService) {
        self.service = service
    }

    public var usernameMessage: String? {
        username.isEmpty ? nil : AccountRules.problem(withUsername: username)
    }

    public var passwordMessage: String? {
        password.isEmpty ? nil : AccountRules.problem(withPassword: password)
    }

    public var confirmationMessage: String? {
        passwordConfirmation.isEmpty || passwordConfirmation == password ? nil : "The passwords do not match."
    }

    public var canSubmit: Bool {
        submission != .submitting && AccountRules.problem(withUsername: username) == nil
            && AccountRules.problem(withPassword: password) == nil && passwordConfirmation == password
    }

    /// Registers, then signs the new account in; the password fields are cleared whatever happens.
    public nonisolated(nonsending) func submit() async {
        guard canSubmit else { return }
        submission = .submitting
        lastError = nil
        let name = displayName.trimmingCharacters(in: .whitespaces)
        do throws(OnboardingError) {
            _ = try await service.register(
                username: username,
                password: Password(password),
                displayName: name.isEmpty ? nil : name
            )
            submission = .succeeded(try await service.signIn(username: username, password: Password(password)))
        } catch {
            lastError = error
            submission = .failed(message: OnboardingMessages.message(for: error))
        }
        password = ""
        passwordConfirmation = ""
    }
}
