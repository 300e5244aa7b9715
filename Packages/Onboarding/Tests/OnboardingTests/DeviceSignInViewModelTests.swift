import DomainFailure
import Foundation
import OnboardingDomain
import OnboardingPresentation
import Testing

@Suite("DeviceSignInViewModel")
@MainActor
struct DeviceSignInViewModelTests {
    static let prompt = DeviceSignInPrompt(
        userCode: "BCDF-GHJK", verificationURI: URL(string: "https://api.example.com/device")!,
        verificationURIComplete: URL(string: "https://api.example.com/device?user_code=BCDF-GHJK")!,
        expiresAt: Date(timeIntervalSince1970: 1_800_000_600))

    @Test("Shows the code and pages while waiting, then the approved account")
    func approved() async {
        let viewModel = DeviceSignInViewModel(service: ScriptedDeviceSignInService())
        #expect(viewModel.state == .starting)
        await viewModel.start()
        #expect(viewModel.state == .waiting(Self.prompt))
        await viewModel.complete()
        #expect(viewModel.state == .signedIn(ScriptedDeviceSignInService.signedIn))
        #expect(viewModel.failureMessage == nil)
    }

    @Test(
        "Ends a sign-in that was not approved in failed, with a message a person can act on",
        arguments: [
            OnboardingError.deviceSignInDenied, .deviceSignInExpired, .cancelled,
            .unreachable(FailureCause(CancellationError())),
        ])
    func notApproved(error: OnboardingError) async {
        var service = ScriptedDeviceSignInService()
        service.completion = .failure(error)
        let viewModel = DeviceSignInViewModel(service: service)
        await viewModel.start()
        #expect(viewModel.state == .waiting(Self.prompt))
        await viewModel.complete()
        #expect(viewModel.state == .failed(error))
        #expect(viewModel.failureMessage == OnboardingMessages.message(for: error))
    }

    @Test("A failure to start never shows a code, and completing then changes nothing")
    func startFails() async {
        var service = ScriptedDeviceSignInService()
        let error = OnboardingError.unavailable(retryAfter: nil, cause: FailureCause(CancellationError()))
        service.start = .failure(error)
        let viewModel = DeviceSignInViewModel(service: service)
        await viewModel.start()
        #expect(viewModel.state == .failed(error))
        await viewModel.complete()
        #expect(viewModel.state == .failed(error))
    }

    @Test("A view that reads the state is told when the code is to be shown and when the sign-in ends")
    func observed() async {
        let viewModel = DeviceSignInViewModel(service: ScriptedDeviceSignInService())
        let changes = ChangeCount()
        changes.track { _ = viewModel.state }
        await viewModel.start()
        #expect(changes.value == 1)  // waiting with the code (it was already starting)
        guard case .waiting = viewModel.state else {
            Issue.record("expected waiting, got \(viewModel.state)")
            return
        }
        await viewModel.complete()
        #expect(changes.value == 2)  // signed in
        guard case .signedIn = viewModel.state else {
            Issue.record("expected signedIn, got \(viewModel.state)")
            return
        }
    }
}
