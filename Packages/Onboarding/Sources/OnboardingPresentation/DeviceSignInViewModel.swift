import Foundation
import OnboardingDomain

/// A device sign-in (RFC 8628) as a screen shows it: the code and where to enter it while waiting, then the outcome.
/// UI-less: an app binds to `state` (or `onStateChange`); a terminal prints each state as it comes.
@MainActor
public final class DeviceSignInViewModel {
    public enum State: Sendable, Equatable {
        /// Asking the server for a code.
        case starting
        /// Waiting for a person to enter `userCode` at `verificationURI` (or open `verificationURIComplete`) and
        /// approve, until `expiresAt`.
        case waiting(userCode: String, verificationURI: URL, verificationURIComplete: URL?, expiresAt: Date)
        /// Signed in as `account`, now the active one.
        case approved(account: String)
        /// The person denied the sign-in.
        case denied
        /// The code expired before anyone approved it.
        case expired
        /// Anything else, including cancellation (`.cancelled`).
        case failed(OnboardingError)
    }

    public private(set) var state: State = .starting {
        didSet { onStateChange?(state) }
    }
    /// What the sign-in stored and replaced, once approved.
    public private(set) var result: SignInResult?
    /// Called with every new state, for fronts that render as it changes.
    public var onStateChange: (@MainActor (State) -> Void)?

    private let service: any DeviceSignInService

    public init(service: any DeviceSignInService) {
        self.service = service
    }

    /// The message for a final state that is not `approved`, in the app's words.
    public var failureMessage: String? {
        switch state {
        case .denied: OnboardingMessages.message(for: .deviceSignInDenied)
        case .expired: OnboardingMessages.message(for: .deviceSignInExpired)
        case .failed(let error): OnboardingMessages.message(for: error)
        case .starting, .waiting, .approved: nil
        }
    }

    /// Runs the whole sign-in: starts it, waits for the decision, ends in `approved`, `denied`, `expired` or
    /// `failed`. Cancelling the task that runs it ends it in `failed(.cancelled)`.
    public func run() async {
        result = nil
        state = .starting
        do throws(OnboardingError) {
            let code = try await service.startDeviceSignIn()
            state = .waiting(
                userCode: code.userCode, verificationURI: code.verificationURI,
                verificationURIComplete: code.verificationURIComplete, expiresAt: code.expiresAt)
            let signedIn = try await service.completeDeviceSignIn(code)
            result = signedIn
            state = .approved(account: signedIn.session.account)
        } catch .deviceSignInDenied {
            state = .denied
        } catch .deviceSignInExpired {
            state = .expired
        } catch {
            state = .failed(error)
        }
    }
}
