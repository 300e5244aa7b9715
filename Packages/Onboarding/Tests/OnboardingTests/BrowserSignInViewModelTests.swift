import DomainFailure
import Foundation
import OnboardingDomain
import OnboardingPresentation
import Testing

@Suite("BrowserSignInViewModel")
@MainActor
struct BrowserSignInViewModelTests {
    static let prompt = BrowserSignInPrompt(authorizationURL: ScriptedBrowserSignInService.page)

    @Test("Shows the page to open while waiting for the browser, then the signed-in account")
    func signedIn() async {
        let viewModel = BrowserSignInViewModel(service: ScriptedBrowserSignInService())
        await viewModel.start()
        #expect(viewModel.state == .waiting(Self.prompt))
        await viewModel.complete()
        guard case .signedIn(let result) = viewModel.state else {
            Issue.record("expected signedIn, got \(viewModel.state)")
            return
        }
        #expect(result.session.account == "alice")
        #expect(viewModel.failureMessage == nil)
    }

    @Test(
        "Ends a sign-in that did not succeed in failed, with a message a person can act on",
        arguments: [
            OnboardingError.browserSignInDenied, .browserSignInTimedOut, .cancelled,
            .browserSignInRefused(code: "invalid_grant", description: nil), .browserSignInForgotten,
        ])
    func notSignedIn(error: OnboardingError) async {
        var service = ScriptedBrowserSignInService()
        service.completion = .failure(error)
        let viewModel = BrowserSignInViewModel(service: service)
        await viewModel.start()
        await viewModel.complete()
        #expect(viewModel.state == .failed(error))
        #expect(viewModel.failureMessage == OnboardingMessages.message(for: error))
    }

    @Test("A sign-in request the server forgot is worded as forgotten, with starting again as the next step")
    func forgottenRequestMessage() {
        #expect(
            OnboardingMessages.message(for: .browserSignInForgotten, server: "Stories")
                == "Stories no longer knows this sign-in request (it forgets one that waits too long, and the oldest "
                + "when one address starts too many). Start again.")
    }

    @Test("A failure to start never shows a page")
    func startFails() async {
        var service = ScriptedBrowserSignInService()
        service.start = .failure(.browserSignInUnsupported)
        let viewModel = BrowserSignInViewModel(service: service)
        await viewModel.start()
        #expect(viewModel.state == .failed(.browserSignInUnsupported))
    }

    @Test("Starting again while the browser is awaited abandons the first attempt: its outcome changes nothing")
    func startingAgainAbandons() async {
        let service = HeldBrowserSignInService()
        let viewModel = BrowserSignInViewModel(service: service)
        await viewModel.start()
        let first = Task { await viewModel.complete() }
        await service.untilCompletionIsAwaited()
        await viewModel.start()
        #expect(viewModel.state == .waiting(Self.prompt))
        await service.finish(with: .failure(.browserSignInTimedOut))
        await first.value
        #expect(viewModel.state == .waiting(Self.prompt))
    }
}
