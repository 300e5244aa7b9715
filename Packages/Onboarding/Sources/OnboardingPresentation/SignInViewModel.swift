import Observation
import OnboardingDomain

/// A sign-in form: field messages, whether it can be submitted, and what submitting led to.
///
/// Isolation: not `Sendable`; `submit()` runs on the caller's actor (see `SignInFlowViewModel`).
@Observable
public final class SignInViewModel {
    public var username = ""
    public var password = ""
    public private(set) var submission: FormSubmission<SignInResult> = .editing
    /// The error behind a `.failed` submission, for fronts that need more than the message (exit codes).
    public private(set) var lastError: OnboardingError?

    @ObservationIgnored private let service: any OnboardingService

    public init(service: any OnboardingService) {
        self.service = service
    }

    /// Shown under the username field once something was typed.
    public var usernameMessage: String? {
        username.isEmpty ? nil : AccountRules.problem(withUsername: username)
    }

    /// Whether the form can be sent. Passwords are checked by the server only: an old account may predate today's
    /// rules.
    public var canSubmit: Bool {
        submission != .submitting && AccountRules.problem(withUsername: username) == nil && !password.isEmpty
    }

    /// Signs in with the fields; the password field is cleared whatever happens.
    public nonisolated(nonsending) func submit() async {
        guard canSubmit else { return }
        submission = .submitting
        lastError = nil
        do throws(OnboardingError) {
            submission = .succeeded(try await service.signIn(username: username, password: Password(password)))
        } catch {
            lastError = error
            submission = .failed(message: OnboardingMessages.message(for: error))
        }
        password = ""
    }
}
