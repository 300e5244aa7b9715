import DomainFailure
import Foundation
import OnboardingDomain
import OnboardingPresentation
import Testing

@Suite("SignOutViewModel")
@MainActor
struct SignOutViewModelTests {
    static func session(_ account: String, isActive: Bool) -> SessionSummary {
        SessionSummary(
            account: account, server: "https://api.example.com/v1", refreshedAt: Date(timeIntervalSince1970: 0),
            accessTokenExpiresAt: nil, isSignInRequired: false, isActive: isActive)
    }

    static func ended(_ account: String, thenActive: String?) -> SignOutResult {
        SignOutResult(
            account: account, server: "https://api.example.com/v1", revocationFailure: nil, activeAccount: thenActive)
    }

    /// Two accounts on the server, alice active; whoever signs out, the other is active afterwards.
    static var service: ScriptedOnboardingService {
        var service = ScriptedOnboardingService()
        service.signedInAccounts = [session("alice", isActive: true), session("bob", isActive: false)]
        service.activeSignOut = .success(ended("alice", thenActive: "bob"))
        service.signOutsByAccount = [
            "alice": ended("alice", thenActive: "bob"), "bob": ended("bob", thenActive: "alice"),
        ]
        service.everyAccountSignOut = [ended("alice", thenActive: nil), ended("bob", thenActive: nil)]
        return service
    }

    @Test(
        "Says which sessions ended, and which account took over only when the active one left",
        arguments: [
            (SignOutViewModel.Scope.activeAccount, ["alice"], "bob" as String?),
            (.account("alice"), ["alice"], "bob"),
            (.account("bob"), ["bob"], nil),
            (.everyAccount, ["alice", "bob"], nil),
        ])
    func signsOut(scope: SignOutViewModel.Scope, ended: [String], newlyActive: String?) async {
        let viewModel = SignOutViewModel(service: Self.service)
        await viewModel.signOut(scope)
        guard case .signedOut(let outcome) = viewModel.state else {
            Issue.record("expected signedOut, got \(viewModel.state)")
            return
        }
        #expect(outcome.ended.map(\.account) == ended)
        #expect(outcome.newlyActiveAccount == newlyActive)
    }

    @Test("Not being signed in ends nothing and is no failure")
    func notSignedIn() async {
        let viewModel = SignOutViewModel(service: ScriptedOnboardingService())
        await viewModel.signOut(.activeAccount)
        #expect(viewModel.state == .signedOut(SignOutOutcome(ended: [])))
    }

    @Test("An account that is not signed in here is a failure that names it")
    func unknownAccount() async {
        let viewModel = SignOutViewModel(service: Self.service)
        await viewModel.signOut(.account("carol"))
        #expect(viewModel.state == .failed(.unknownAccount("carol")))
    }

    @Test("A revocation that failed at the server is kept with the session it concerns")
    func revocationFailure() async {
        var service = Self.service
        let failure = OnboardingError.unreachable(FailureCause(CancellationError()))
        service.activeSignOut = .success(
            SignOutResult(
                account: "alice", server: "https://api.example.com/v1", revocationFailure: failure,
                activeAccount: nil))
        let viewModel = SignOutViewModel(service: service)
        await viewModel.signOut(.activeAccount)
        guard case .signedOut(let outcome) = viewModel.state else {
            Issue.record("expected signedOut, got \(viewModel.state)")
            return
        }
        #expect(outcome.ended.map(\.revocationFailure) == [failure])
    }

    @Test("A view that reads the state is told when signing out starts and when it has ended")
    func observed() async {
        let viewModel = SignOutViewModel(service: Self.service)
        let changes = ChangeCount()
        changes.track { _ = viewModel.state }
        await viewModel.signOut(.everyAccount)
        #expect(changes.value == 2)  // signing out, then signed out
        guard case .signedOut = viewModel.state else {
            Issue.record("expected signedOut, got \(viewModel.state)")
            return
        }
    }
}
