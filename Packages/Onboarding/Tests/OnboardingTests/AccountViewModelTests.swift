import Foundation
import OnboardingDomain
import OnboardingPresentation
import Testing

@Suite("CurrentAccountViewModel")
@MainActor
struct CurrentAccountViewModelTests {
    static let user = UserAccount(id: "u-1", username: "demo", displayName: "Demo", createdAt: .init())

    nonisolated static func session(
        _ account: String, isActive: Bool = true, refreshedAt seconds: TimeInterval = 0
    )
        -> SessionSummary
    {
        SessionSummary(
            account: account, server: "https://api.example.com/v1", refreshedAt: Date(timeIntervalSince1970: seconds),
            accessTokenExpiresAt: nil, isSignInRequired: false, isActive: isActive)
    }

    @Test("Shows the user the server names and the session as it is after asking (a request may renew it)")
    func loadsUserAndRenewedSession() async {
        var service = ScriptedOnboardingService()
        service.user = .success(Self.user)
        service.sessionsBeforeAndAfterRequest = (Self.session("demo"), Self.session("demo", refreshedAt: 60))
        let viewModel = CurrentAccountViewModel(service: service)
        #expect(viewModel.state == .idle)
        await viewModel.load()
        #expect(viewModel.state == .loaded(user: Self.user, session: Self.session("demo", refreshedAt: 60)))
    }

    @Test("Without a session it is not signed in, and the server is not asked")
    func notSignedInAsksNobody() async {
        let service = ScriptedOnboardingService()
        let viewModel = CurrentAccountViewModel(service: service)
        await viewModel.load()
        #expect(viewModel.state == .failed(.notSignedIn))
        #expect(service.userRequests == 0)
    }

    @Test("A failure to ask the server ends in failed with its error")
    func requestFailure() async {
        var service = ScriptedOnboardingService()
        service.user = .failure(.sessionExpired)
        service.sessionsBeforeAndAfterRequest = (Self.session("demo"), Self.session("demo"))
        let viewModel = CurrentAccountViewModel(service: service)
        await viewModel.load()
        #expect(viewModel.state == .failed(.sessionExpired))
    }
}

@Suite("AccountSwitchViewModel")
@MainActor
struct AccountSwitchViewModelTests {
    nonisolated static func accounts(_ names: [String], active: String) -> [SessionSummary] {
        names.map { CurrentAccountViewModelTests.session($0, isActive: $0 == active) }
    }

    @Test(
        "Without a chosen account: the other of two, the only one stays, more than two asks for a choice",
        arguments: [
            (
                ["alice", "bob"], "alice",
                AccountSwitchViewModel.State.switched(CurrentAccountViewModelTests.session("bob"))
            ),
            (["alice"], "alice", .onlyAccount(CurrentAccountViewModelTests.session("alice"))),
            (
                ["alice", "bob", "carol"], "bob",
                .choosing(accounts: accounts(["alice", "bob", "carol"], active: "bob"))
            ),
            ([], "", .failed(.notSignedIn)),
        ])
    func picksWithoutAChoice(names: [String], active: String, expected: AccountSwitchViewModel.State) async {
        var service = ScriptedOnboardingService()
        service.signedInAccounts = Self.accounts(names, active: active)
        let viewModel = AccountSwitchViewModel(service: service)
        await viewModel.switchAccount(to: nil)
        #expect(viewModel.state == expected)
    }

    @Test("A chosen account becomes active; one with no session here is unknown")
    func switchesToTheChosenAccount() async {
        var service = ScriptedOnboardingService()
        service.signedInAccounts = Self.accounts(["alice", "bob", "carol"], active: "alice")
        let viewModel = AccountSwitchViewModel(service: service)
        await viewModel.switchAccount(to: "carol")
        #expect(viewModel.state == .switched(CurrentAccountViewModelTests.session("carol")))
        await viewModel.switchAccount(to: "mallory")
        #expect(viewModel.state == .failed(.unknownAccount("mallory")))
    }

    @Test("Choosing the account that is already active says so, rather than that it is now active")
    func alreadyActive() async {
        var service = ScriptedOnboardingService()
        service.signedInAccounts = Self.accounts(["alice", "bob"], active: "bob")
        let viewModel = AccountSwitchViewModel(service: service)
        await viewModel.switchAccount(to: "bob")
        #expect(viewModel.state == .alreadyActive(CurrentAccountViewModelTests.session("bob")))
    }
}
