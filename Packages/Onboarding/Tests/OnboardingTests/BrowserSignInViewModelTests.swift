import DomainFailure
import Foundation
import OnboardingDomain
import OnboardingPresentation
import Testing

@Suite("BrowserSignInViewModel")
@MainActor
struct BrowserSignInViewModelTests {
    static let page = ScriptedBrowserSignInService.page

    func states(
        running service: ScriptedBrowserSignInService
    ) async -> (BrowserSignInViewModel, [BrowserSignInViewModel.State]) {
        let viewModel = BrowserSignInViewModel(service: service)
        var seen: [BrowserSignInViewModel.State] = []
        viewModel.onStateChange = { seen.append($0) }
        await viewModel.run()
        return (viewModel, seen)
    }

    @Test("Shows the page to open while waiting for the browser, then the signed-in account")
    func signedIn() async {
        let (viewModel, seen) = await states(running: ScriptedBrowserSignInService())
        #expect(seen == [.starting, .waitingForBrowser(authorizationURL: Self.page), .signedIn(account: "alice")])
        #expect(viewModel.result?.session.account == "alice")
        #expect(viewModel.failureMessage == nil)
    }

    @Test(
        "Ends a sign-in that did not succeed in its own state with a message a person can act on",
        arguments: [
            (OnboardingError.browserSignInDenied, BrowserSignInViewModel.State.denied),
            (.browserSignInTimedOut, .timedOut), (.cancelled, .failed(.cancelled)),
            (
                .browserSignInRefused(code: "invalid_grant", description: nil),
                .failed(.browserSignInRefused(code: "invalid_grant", description: nil))
            ),
        ])
    func notSignedIn(error: OnboardingError, final: BrowserSignInViewModel.State) async {
        var service = ScriptedBrowserSignInService()
        service.completion = .failure(error)
        let (viewModel, seen) = await states(running: service)
        #expect(seen == [.starting, .waitingForBrowser(authorizationURL: Self.page), final])
        #expect(viewModel.failureMessage == OnboardingMessages.message(for: error))
        #expect(viewModel.result == nil)
    }

    @Test("A failure to start never shows a page")
    func startFails() async {
        var service = ScriptedBrowserSignInService()
        service.start = .failure(.unreachable(FailureCause(CancellationError())))
        let (_, seen) = await states(running: service)
        #expect(seen == [.starting, .failed(.unreachable(FailureCause(CancellationError())))])
    }
}
