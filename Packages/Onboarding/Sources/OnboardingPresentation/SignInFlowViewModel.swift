import Observation
import OnboardingDomain

/// A sign-in that waits for a person to act elsewhere, as a screen shows it: `start()` asks the server and shows the
/// `Prompt` (a code and the page to enter it on, or the page to open in a browser); `complete()` waits for the
/// person's decision and ends in `signedIn` or `failed`. The device and browser sign-ins share this one skeleton;
/// `DeviceSignInViewModel` and `BrowserSignInViewModel` name them.
///
/// Isolation: not `Sendable`; `start()` and `complete()` are `nonisolated(nonsending)`, so they run on the caller's
/// actor: the main actor for a SwiftUI view, which then sees every change there, and the command's own task for the
/// terminal, which so never hops to the main actor (on Linux that hop starts a thread for the main queue).
@Observable
public final class SignInFlowViewModel<Prompt: Sendable & Equatable> {
    public enum State: Sendable, Equatable {
        /// Before `start()`, and while the server is asked how to sign in.
        case starting
        /// Waiting for the person: show the prompt.
        case waiting(Prompt)
        /// Signed in: the account is now the active one; the result says what the sign-in replaced.
        case signedIn(SignInResult)
        /// Denied, expired or timed out (`.deviceSignInDenied`, `.browserSignInTimedOut`, …), cancelled
        /// (`.cancelled`), or anything else; `failureMessage` words it.
        case failed(OnboardingError)
    }

    /// Ends a flow once the person has been prompted.
    typealias Completion = @Sendable () async throws(OnboardingError) -> SignInResult

    public private(set) var state: State = .starting

    @ObservationIgnored private let begin: @Sendable () async throws(OnboardingError) -> (Prompt, Completion)
    @ObservationIgnored private var completion: Completion?
    /// Counts `start()` calls, so that an earlier attempt that ends after a new one started changes nothing.
    @ObservationIgnored private var attempt = 0

    /// - Parameter begin: starts the flow and returns what to show and how to finish it.
    init(begin: @escaping @Sendable () async throws(OnboardingError) -> (Prompt, Completion)) {
        self.begin = begin
    }

    /// The message for a `failed` state, in the app's words.
    public var failureMessage: String? {
        guard case .failed(let error) = state else { return nil }
        return OnboardingMessages.message(for: error)
    }

    /// Starts the sign-in: asks the server, then shows the prompt (`waiting`), or ends in `failed`. Starting again
    /// abandons an earlier attempt.
    public nonisolated(nonsending) func start() async {
        attempt += 1
        let attempt = attempt
        completion = nil
        state = .starting
        do throws(OnboardingError) {
            let (prompt, completion) = try await begin()
            guard attempt == self.attempt else { return }
            self.completion = completion
            state = .waiting(prompt)
        } catch {
            guard attempt == self.attempt else { return }
            state = .failed(error)
        }
    }

    /// Waits for the person's decision, then ends in `signedIn` or `failed`; cancelling the task that awaits it ends
    /// the sign-in in `failed(.cancelled)`. Does nothing unless `waiting` (and once per `start()`).
    public nonisolated(nonsending) func complete() async {
        guard case .waiting = state, let completion else { return }
        self.completion = nil
        let attempt = attempt
        do throws(OnboardingError) {
            let result = try await completion()
            guard attempt == self.attempt else { return }
            state = .signedIn(result)
        } catch {
            guard attempt == self.attempt else { return }
            state = .failed(error)
        }
    }
}
