import OnboardingDomain

/// A device sign-in (RFC 8628) as a screen shows it: the code and where to enter it while waiting, then the outcome.
public typealias DeviceSignInViewModel = SignInFlowViewModel<DeviceSignInPrompt>

extension SignInFlowViewModel where Prompt == DeviceSignInPrompt {
    /// A device sign-in through `service`.
    public convenience init(service: any DeviceSignInService) {
        self.init { () async throws(OnboardingError) -> (DeviceSignInPrompt, Completion) in
            let code = try await service.startDeviceSignIn()
            return (
                DeviceSignInPrompt(code),
                { () async throws(OnboardingError) in
                    try await service.completeDeviceSignIn(code)
                }
            )
        }
    }
}
