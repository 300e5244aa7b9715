import APIClient
import Authorization
import Foundation
import OnboardingDomain

/// `OnboardingService` over the generated API client and the session from Authorization.
public struct APIOnboardingService: OnboardingService {
    private let api: any APIProtocol
    private let session: any SessionManaging
    private let clientID: String
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - api: the authorised client (public operations go out without a token).
    ///   - session: the session for the same server as `api`.
    ///   - clientID: the OAuth client id sent with revocations.
    ///   - now: the clock that dates a `Retry-After` answer.
    public init(
        api: any APIProtocol, session: any SessionManaging, clientID: String,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.api = api
        self.session = session
        self.clientID = clientID
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
        do {
            let previous = try await session.storedCredential()
            let credential = try await session.signIn(username: username, password: Secret(password.unredacted))
            // The old session's tokens are no longer stored anywhere: revoke them so they stop working too.
            guard let previous, !previous.isSignInRequired else {
                return SignInResult(session: SessionSummary(credential))
            }
            return SignInResult(
                session: SessionSummary(credential),
                replacedAccount: previous.account,
                replacedSessionRevocationFailure: await revoke(previous)
            )
        } catch {
            throw OnboardingError(error)
        }
    }

    public func signOut() async throws(OnboardingError) -> SignOutResult {
        let credential: Credential
        do {
            guard let stored = try await session.storedCredential() else { throw OnboardingError.notSignedIn }
            credential = stored
        } catch {
            throw OnboardingError(error)
        }
        let revocationFailure = await revoke(credential)
        do {
            try await session.signOut()
        } catch {
            throw OnboardingError(error)
        }
        return SignOutResult(
            account: credential.account,
            server: credential.origin.displayURL,
            revocationFailure: revocationFailure
        )
    }

    /// Revokes the refresh token (which revokes its access tokens too), RFC 7009. Returns why it failed, if it did.
    private func revoke(_ credential: Credential) async -> OnboardingError? {
        let token = credential.refreshToken ?? credential.accessToken
        let hint = credential.refreshToken == nil ? "access_token" : "refresh_token"
        do {
            let output = try await api.revokeToken(
                body: .urlEncodedForm(.init(token: token.unredacted, tokenTypeHint: hint, clientId: clientID))
            )
            switch output {
            case .ok: return nil
            case .badRequest(let response):
                // The server found the revocation request itself wrong: a client or configuration problem.
                guard case .json(let error) = response.body else {
                    return .unexpected(FailureCause(APIFailure.unexpectedStatus(400)))
                }
                return .unexpected(
                    FailureCause(
                        TokenEndpointError.misconfigured(code: error.error, description: error.errorDescription)))
            case .undocumented(let status, let payload):
                return OnboardingError(
                    APIFailure(undocumentedStatus: status, headers: payload.headerFields, receivedAt: now()))
            }
        } catch {
            return OnboardingError(error)
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
