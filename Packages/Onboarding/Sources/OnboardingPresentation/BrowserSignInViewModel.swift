import Foundation
import OnboardingDomain

/// A browser sign-in (authorization code with PKCE) as a screen shows it: the page to open while waiting for the
/// browser to come back, then the outcome. UI-less: an app binds to `state` (or `onStateChange`) and opens the page
/// when `waitingForBrowser` comes; a terminal prints each state as it comes.
@MainActor
public final class BrowserSignInViewModel {
    public enum State: Sendable, Equatable {
        /// Getting ready to listen for the browser's return.
        case starting
        /// Waiting for the person to sign in at `authorizationURL` in a browser.
        case waitingForBrowser(authorizationURL: URL)
        /// Signed in as `account`, now the active one.
        case signedIn(account: String)
        /// The person denied the sign-in.
        case denied
        /// The browser did not come back in time.
        case timedOut
        /// Anything else, including cancellation (`.cancelled`).
        case failed(OnboardingError)
    }

    public private(set) var state: State = .starting {
        didSet { onStateChange?(state) }
    }
    /// What the sign-in stored and replaced, once signed in.
    public private(set) var result: SignInResult?
    /// Called with every new state, for fronts that render as it changes.
    public var onStateChange: (@MainActor (State) -> Void)?

    private let service: any BrowserSignInService

    public init(service: any BrowserSignInService) {
        self.service = service
    }

    /// The message for a final state that is not `signedIn`, in the app's words.
    public var failureMessage: String? {
        switch state {
        case .denied: OnboardingMessages.message(for: .browserSignInDenied)
        case .timedOut: OnboardingMessages.message(for: .browserSignInTimedOut)
        case .failed(let error): OnboardingMessages.message(for: error)
        case .starting, .waitingForBrowser, .signedIn: nil
        }
    }

    /// Runs the whole sign-in: starts it, waits for the browser, ends in `signedIn`, `denied`, `timedOut` or
    /// `failed`. Cancelling the task that runs it ends it in `failed(.cancelled)`.
    public func run() async {
        result = nil
        state = .starting
        do throws(OnboardingError) {
            let request = try await service.startBrowserSignIn()
            state = .waitingForBrowser(authorizationURL: request.authorizationURL)
            let signedIn = try await service.completeBrowserSignIn(request)
            result = signedIn
            state = .signedIn(account: signedIn.session.account)
        } catch .browserSignInDenied {
            state = .denied
        } catch .browserSignInTimedOut {
            state = .timedOut
        } catch {
            state = .failed(error)
        }
    }
}
