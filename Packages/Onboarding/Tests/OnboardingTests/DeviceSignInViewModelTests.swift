import DomainFailure
import Foundation
import OnboardingDomain
import OnboardingPresentation
import Testing

@Suite("DeviceSignInViewModel")
@MainActor
struct DeviceSignInViewModelTests {
    static let waiting = DeviceSignInViewModel.State.waiting(
        userCode: "BCDF-GHJK", verificationURI: URL(string: "https://api.example.com/device")!,
        verificationURIComplete: URL(string: "https://api.example.com/device?user_code=BCDF-GHJK")!,
        expiresAt: Date(timeIntervalSince1970: 1_800_000_600))

    /// Runs a view model over `service` and returns every state it announced, in order.
    func states(
        running service: ScriptedDeviceSignInService
    ) async -> (DeviceSignInViewModel, [DeviceSignInViewModel.State]) {
        let viewModel = DeviceSignInViewModel(service: service)
        var seen: [DeviceSignInViewModel.State] = []
        viewModel.onStateChange = { seen.append($0) }
        await viewModel.run()
        return (viewModel, seen)
    }

    @Test("Shows the code and pages while waiting, then the approved account")
    func approved() async {
        let (viewModel, seen) = await states(running: ScriptedDeviceSignInService())
        #expect(seen == [.starting, Self.waiting, .approved(account: "alice")])
        #expect(viewModel.result?.session.account == "alice")
        #expect(viewModel.failureMessage == nil)
    }

    @Test(
        "Ends a refused sign-in in its own state with a message a person can act on",
        arguments: [
            (OnboardingError.deviceSignInDenied, DeviceSignInViewModel.State.denied),
            (.deviceSignInExpired, .expired), (.cancelled, .failed(.cancelled)),
            (.unreachable(FailureCause(CancellationError())), .failed(.unreachable(FailureCause(CancellationError())))),
        ])
    func refused(error: OnboardingError, final: DeviceSignInViewModel.State) async {
        var service = ScriptedDeviceSignInService()
        service.completion = .failure(error)
        let (viewModel, seen) = await states(running: service)
        #expect(seen == [.starting, Self.waiting, final])
        #expect(viewModel.failureMessage == OnboardingMessages.message(for: error))
        #expect(viewModel.result == nil)
    }

    @Test("A failure to start never shows a code")
    func startFails() async {
        var service = ScriptedDeviceSignInService()
        service.start = .failure(.unavailable(retryAfter: nil, cause: FailureCause(CancellationError())))
        let (_, seen) = await states(running: service)
        #expect(seen.count == 2)
        #expect(seen.allSatisfy { if case .waiting = $0 { false } else { true } })
    }
}
