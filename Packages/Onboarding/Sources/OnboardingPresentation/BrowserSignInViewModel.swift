import OnboardingDomain

/// A browser sign-in (authorization code with PKCE) as a screen shows it: the page to open while waiting for the
/// browser to come back, then the outcome. A front opens the page when `waiting` comes.
public typealias BrowserSignInViewModel = SignInFlowViewModel<BrowserSignInPrompt>

extension SignInFlowViewModel where Prompt == BrowserSignInPrompt {
    /// A browser sign-in through `service`.
    public convenience init(service: any BrowserSignInService) {
        self.init { () async throws(OnboardingError) -> (BrowserSignInPrompt, Completion) in
            let request = try await service.startBrowserSignIn()
            return (
                BrowserSignInPrompt(authorizationURL: request.authorizationURL),
                { () async throws(OnboardingError) in
                    try await service.completeBrowserSignIn(request)
                }
            )
        }
    }
}
