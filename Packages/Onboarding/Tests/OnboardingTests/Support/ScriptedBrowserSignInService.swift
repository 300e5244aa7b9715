import Foundation
import OnboardingDomain

/// A browser sign-in service that answers from a script.
struct ScriptedBrowserSignInService: BrowserSignInService {
    static let page = URL(string: "https://api.example.com/oauth/authorize?state=s")!

    var start: Result<BrowserSignInRequest, OnboardingError> = .success(
        BrowserSignInRequest(authorizationURL: Self.page, id: UUID()))
    var completion: Result<SignInResult, OnboardingError> = .success(
        SignInResult(
            session: SessionSummary(
                account: "alice", server: "https://api.example.com/v1",
                refreshedAt: Date(timeIntervalSince1970: 0), accessTokenExpiresAt: nil,
                isSignInRequired: false)))

    func startBrowserSignIn() throws(OnboardingError) -> BrowserSignInRequest { try start.get() }
    func completeBrowserSignIn(_ request: BrowserSignInRequest) throws(OnboardingError) -> SignInResult {
        try completion.get()
    }
}
