/// Signing in on a device without a browser, with a code a person approves elsewhere (RFC 8628).
public protocol DeviceSignInService: Sendable {
    /// Starts a device sign-in: the code to show and where the person enters it.
    func startDeviceSignIn() async throws(OnboardingError) -> DeviceSignInCode

    /// Waits for the person's decision, polling as the server asks, and signs in once they approve: the account
    /// becomes the active one, and a session the same account had is replaced and revoked. Throws
    /// `deviceSignInDenied`, `deviceSignInExpired`, or `cancelled` when the calling task is cancelled.
    func completeDeviceSignIn(_ code: DeviceSignInCode) async throws(OnboardingError) -> SignInResult
}
