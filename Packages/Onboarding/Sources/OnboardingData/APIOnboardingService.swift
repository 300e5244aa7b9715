import APIClient
import Authorization
import Foundation
import OnboardingDomain

/// `OnboardingService` over the generated API client and the session from Authorization.
public struct APIOnboardingService: OnboardingService {
    private let api: any APIProtocol
    private let session: any SessionManaging
    private let discovery: any AuthorizationServerDiscovering
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - api: the authorised client (public operations go out without a token).
    ///   - session: the session for the same server as `api`.
    ///   - discovery: finds the authorization server a password sign-in goes to.
    ///   - now: the clock that dates a `Retry-After` answer.
    public init(
        api: any APIProtocol, session: any SessionManaging, discovery: any AuthorizationServerDiscovering,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.api = api
        self.session = session
        self.discovery = discovery
        self.now = now
    }

    public func register(
        username: String,
        password: Password,
        displayName: String?
    ) async throws(OnboardingError) -> UserAccount {
        let output: Operations.RegisterUser.Output
        do {
            output = try await api.registerUser(
                body: .json(.init(username: username, password: password.unredacted, displayName: displayName))
            )
        } catch {
            throw OnboardingError(error)
        }
        switch output {
        case .created(let created):
            switch created.body {
            case .json(let user): return UserAccount(user)
            }
        case .badRequest(let bad):
            switch bad.body {
            case .applicationProblemJson(let problem):
                throw .invalidInput(Redaction.sanitize(problem.detail ?? problem.title))
            }
        case .conflict:
            throw .usernameTaken
        case .undocumented(let status, let payload):
            throw OnboardingError(
                APIFailure(undocumentedStatus: status, headers: payload.headerFields, receivedAt: now()))
        }
    }

    public func signIn(username: String, password: Password) async throws(OnboardingError) -> SignInResult {
        let server = try await discovery.serverForSignIn().server
        let outcome: SignInOutcome
        do {
            outcome = try await session.signIn(username: username, password: Secret(password.unredacted), at: server)
        } catch TokenEndpointError.misconfigured(code: "unsupported_grant_type", _) {
            throw .passwordSignInUnsupported
        } catch {
            throw OnboardingError(error)
        }
        return SignInResult(outcome)
    }

    public func signOut() async throws(OnboardingError) -> SignOutResult {
        try await result(ending: { try await session.signOut() }, otherwise: .notSignedIn)
    }

    public func signOut(account: String) async throws(OnboardingError) -> SignOutResult {
        try await result(ending: { try await session.signOut(account: account) }, otherwise: .unknownAccount(account))
    }

    public func signOutEveryAccount() async throws(OnboardingError) -> [SignOutResult] {
        do {
            let ended = try await session.signOutEveryAccount()
            return ended.map { SignOutResult($0, activeAccount: nil) }
        } catch {
            throw OnboardingError(error)
        }
    }

    public func switchAccount(to account: String) async throws(OnboardingError) -> SessionSummary {
        do {
            guard let active = try await session.switchAccount(to: account) else {
                throw OnboardingError.unknownAccount(account)
            }
            return SessionSummary(active)
        } catch {
            throw OnboardingError(error)
        }
    }

    public func accounts() async throws(OnboardingError) -> [SessionSummary] {
        do {
            return try await session.storedAccounts().map { SessionSummary($0.credential, isActive: $0.isActive) }
        } catch {
            throw OnboardingError(error)
        }
    }

    /// Ends a session with `end` and says which account is active afterwards; `absent` when there was none to end.
    private func result(
        ending end: () async throws -> EndedSession?, otherwise absent: OnboardingError
    ) async throws(OnboardingError) -> SignOutResult {
        do {
            guard let ended = try await end() else { throw absent }
            return SignOutResult(ended, activeAccount: try await session.storedCredential()?.account)
        } catch {
            throw OnboardingError(error)
        }
    }

    public func currentUser() async throws(OnboardingError) -> UserAccount {
        let output: Operations.GetCurrentUser.Output
        do {
            output = try await api.getCurrentUser()
        } catch {
            throw OnboardingError(error)
        }
        switch output {
        case .ok(let ok):
            switch ok.body {
            case .json(let user): return UserAccount(user)
            }
        case .unauthorized(let response):
            throw OnboardingError(APIFailure(unauthorizedChallenge: response.headers.wwwAuthenticate))
        case .undocumented(let status, let payload):
            throw OnboardingError(
                APIFailure(undocumentedStatus: status, headers: payload.headerFields, receivedAt: now()))
        }
    }

    public func currentSession() async throws(OnboardingError) -> SessionSummary? {
        do {
            return try await session.storedCredential().map { SessionSummary($0) }
        } catch {
            throw OnboardingError(error)
        }
    }
}
