import Foundation
import OnboardingDomain

/// A device sign-in service that answers from a script.
struct ScriptedDeviceSignInService: DeviceSignInService {
    static let code = DeviceSignInCode(
        userCode: "BCDF-GHJK", verificationURI: URL(string: "https://api.example.com/device")!,
        verificationURIComplete: URL(string: "https://api.example.com/device?user_code=BCDF-GHJK")!,
        expiresAt: Date(timeIntervalSince1970: 1_800_000_600), pollingInterval: .seconds(5),
        ticket: DeviceSignInTicket("device-code-1"))

    var start: Result<DeviceSignInCode, OnboardingError> = .success(code)
    static let signedIn = SignInResult(
        session: SessionSummary(
            account: "alice", server: "https://api.example.com/v1", refreshedAt: Date(timeIntervalSince1970: 0),
            accessTokenExpiresAt: nil, isSignInRequired: false))

    var completion: Result<SignInResult, OnboardingError> = .success(signedIn)

    func startDeviceSignIn() throws(OnboardingError) -> DeviceSignInCode { try start.get() }

    func completeDeviceSignIn(_ code: DeviceSignInCode) throws(OnboardingError) -> SignInResult {
        try completion.get()
    }
}
