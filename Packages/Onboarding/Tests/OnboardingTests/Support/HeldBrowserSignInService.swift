import Foundation
import OnboardingDomain

/// A browser sign-in service whose completion waits until the test finishes it, so that a test can act while the
/// browser is awaited, without sleeping.
actor HeldBrowserSignInService: BrowserSignInService {
    private var held: CheckedContinuation<Result<SignInResult, OnboardingError>, Never>?
    private var arrival: CheckedContinuation<Void, Never>?

    nonisolated func startBrowserSignIn() async throws(OnboardingError) -> BrowserSignInRequest {
        BrowserSignInRequest(authorizationURL: ScriptedBrowserSignInService.page, id: UUID())
    }

    func completeBrowserSignIn(_ request: BrowserSignInRequest) async throws(OnboardingError) -> SignInResult {
        let result = await withCheckedContinuation { continuation in
            held = continuation
            arrival?.resume()
            arrival = nil
        }
        return try result.get()
    }

    /// Returns once a completion is waiting.
    func untilCompletionIsAwaited() async {
        guard held == nil else { return }
        await withCheckedContinuation { arrival = $0 }
    }

    /// Ends the waiting completion with `result`.
    func finish(with result: Result<SignInResult, OnboardingError>) {
        held?.resume(returning: result)
        held = nil
    }
}
