import APIClient
import Authorization
import Foundation
import OnboardingDomain

/// `OnboardingService` over the generated API client and the session from Authorization.
public struct APIOnboardingService: OnboardingService {
    private let api: any APIProtocol
    private let session: any SessionManaging
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - api: the authorised client (public operations go out without a token).
    ///   - session: the session for the same server as `api`.
    ///   - now: the clock that dates a `Retry-After` answer.
    public init(
        api: any APIProtocol, session: any SessionManaging, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.api = api
        self.session = session
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
        let outcome: SignInOutcome
        do {
            outcome = try await session.signIn(username: username, password: Secret(password.unredacted))
        } catch {
            throw OnboardingError(error)
        }
        return SignInResult(
            session: SessionSummary(outcome.credential),
            replacedAccount: outcome.replaced?.credential.account,
            replacedSessionRevocationFailure: outcome.replaced?.revocationFailure.map(OnboardingError.init)
        )
    }

    public func signOut() async throws(OnboardingError) -> SignOutResult {
        let ended: EndedSession
        do {
            guard let stored = try await session.signOut() else { throw OnboardingError.notSignedIn }
            ended = stored
        } catch {
            throw OnboardingError(error)
        }
        return SignOutResult(
            account: ended.credential.account,
            server: ended.credential.origin.displayURL,
            revocationFailure: ended.revocationFailure.map(OnboardingError.init)
        )
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
        case .unauthorized:
            throw .sessionExpired
        case .undocumented(let status, let payload):
            throw OnboardingError(
                APIFailure(undocumentedStatus: status, headers: payload.headerFields, receivedAt: now()))
        }
    }

    public func currentSession() async throws(OnboardingError) -> SessionSummary? {
        do {
            return try await session.storedCredential().map(SessionSummary.init)
        } catch {
            throw OnboardingError(error)
        }
    }
}

extension UserAccount {
    init(_ user: Components.Schemas.User) {
        self.init(id: user.id, username: user.username, displayName: user.displayName, createdAt: user.createdAt)
    }
}

extension SessionSummary {
    init(_ credential: Credential) {
        self.init(
            account: credential.account,
            server: credential.origin.displayURL,
            refreshedAt: credential.issuedAt,
            accessTokenExpiresAt: credential.expiresAt,
            isSignInRequired: credential.isSignInRequired
        )
    }
}

extension OnboardingError {
    /// Maps any failure below the service (token endpoint, store, session, transport) to a domain error, keeping the
    /// error below the generated client's wrappers as the cause.
    init(_ error: any Error) {
        let root = APIFailure.rootCause(of: error)
        let cause = FailureCause(root)
        switch root {
        case let error as OnboardingError:
            self = error
        case TokenEndpointError.invalidGrant:
            self = .wrongCredentials
        case let error as TokenEndpointError:
            switch error {
            case .unreachable: self = .unreachable(cause)
            case .unavailable(_, let retryAfter): self = .unavailable(retryAfter: retryAfter?.delay, cause: cause)
            case .malformedResponse: self = .malformedResponse(cause)
            case .invalidGrant, .misconfigured, .insecureTransport: self = .unexpected(cause)
            }
        default:
            switch APIFailure(classifying: root) {
            case .unreachable: self = .unreachable(cause)
            case .unavailable(_, let retryAfter): self = .unavailable(retryAfter: retryAfter?.delay, cause: cause)
            case .forbidden: self = .forbidden
            case .notSignedIn: self = .notSignedIn
            case .sessionExpired: self = .sessionExpired
            case .credentialsUnavailable: self = .credentialsUnavailable(cause)
            case .malformedResponse, .responseTooLarge: self = .malformedResponse(cause)
            case .notFound, .unexpectedStatus, .insecureTransport, .other: self = .unexpected(cause)
            }
        }
    }
}

extension ServerOrigin {
    /// The base URL as a person would write it.
    var displayURL: String { url?.absoluteString ?? key }
}
