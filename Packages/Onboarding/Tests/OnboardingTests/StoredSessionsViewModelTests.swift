import DomainFailure
import Foundation
import OnboardingDomain
import OnboardingPresentation
import Testing

@Suite("StoredSessionsViewModel")
@MainActor
struct StoredSessionsViewModelTests {
    /// Answers with the sessions or the error it was given.
    struct ScriptedListing: StoredSessionListing {
        let result: Result<[SessionSummary], OnboardingError>

        func storedSessions() async throws(OnboardingError) -> [SessionSummary] {
            try result.get()
        }
    }

    static func session(_ account: String, on server: String, isActive: Bool) -> SessionSummary {
        SessionSummary(
            account: account, server: server, refreshedAt: Date(timeIntervalSince1970: 0),
            accessTokenExpiresAt: nil, isSignInRequired: false, isActive: isActive)
    }

    @Test("Groups sessions by server in the store's order, each server's active account first")
    func groupsByServerActiveFirst() async {
        let a = "https://a.example/v1"
        let b = "https://b.example/v1"
        let viewModel = StoredSessionsViewModel(
            listing: ScriptedListing(
                result: .success([
                    Self.session("carol", on: a, isActive: false), Self.session("dave", on: a, isActive: true),
                    Self.session("erin", on: a, isActive: false), Self.session("bob", on: b, isActive: true),
                ])))
        #expect(viewModel.state == .idle)
        #expect(viewModel.servers.isEmpty)
        await viewModel.load()
        guard case .loaded(let sessions) = viewModel.state else {
            Issue.record("expected loaded, got \(viewModel.state)")
            return
        }
        #expect(sessions.map(\.account) == ["carol", "dave", "erin", "bob"], "the store's order, for lists")
        let groups = viewModel.servers
        #expect(groups.map(\.server) == [a, b])
        #expect(groups.map { $0.sessions.map(\.account) } == [["dave", "carol", "erin"], ["bob"]])
    }

    @Test("No stored session is an empty list, not a failure")
    func emptyIsLoaded() async {
        let viewModel = StoredSessionsViewModel(listing: ScriptedListing(result: .success([])))
        await viewModel.load()
        #expect(viewModel.state == .loaded([]))
    }

    @Test("A store that cannot be read ends in failed, with the error a front words")
    func failureIsKept() async {
        struct Unreadable: Error {}
        let error = OnboardingError.credentialsUnavailable(FailureCause(Unreadable()))
        let viewModel = StoredSessionsViewModel(listing: ScriptedListing(result: .failure(error)))
        await viewModel.load()
        #expect(viewModel.state == .failed(error))
    }
}
