import APIClient
import Authorization
import OnboardingDomain

/// `OnboardingService` over the generated API client and the session from Authorization.
public struct APIOnboardingService: OnboardingService {
    private let api: any APIProtocol
    private let session: any SessionManaging
    private let clientID: String

    /// - Parameters:
    ///   - api: the authorised client (public operations go out without a token).
    ///   - session: the session for the same server as `api`.
    ///   - clientID: the OAuth client id sent with revocations.
    public init(api: any APIProtocol, session: any SessionManaging, clientID: String) {
        self.api = api
        self.session = session
        self.clientID = clientID
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
        case .undocumented(let status, _):
            throw .malformedResponse(reason: "unexpected HTTP \(status) from registerUser")
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
    private func revoke(_ credential: Credential) async -> String? {
        let token = credential.refreshToken ?? credential.accessToken
        let hint = credential.refreshToken == nil ? "access_token" : "refresh_token"
        do {
            let output = try await api.revokeToken(
                body: .urlEncodedForm(.init(token: token.unredacted, tokenTypeHint: hint, clientId: clientID))
            )
            switch output {
            case .ok: return nil
            case .undocumented(let status, _): return "the server answered HTTP \(status)"
            }
        } catch {
            switch APIFailure(classifying: error) {
            case .unreachable(let reason): return "the server could not be reached (\(reason))"
            default: return "the revocation request failed"
            }
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
        case .undocumented(let status, _):
            throw .malformedResponse(reason: "unexpected HTTP \(status) from getCurrentUser")
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
    /// Maps any failure below the service — token endpoint, store, session, transport — to a domain error.
    init(_ error: any Error) {
        switch error {
        case let error as OnboardingError:
            self = error
        case TokenEndpointError.invalidGrant:
            self = .wrongCredentials
        case let error as TokenEndpointError:
            switch error {
            case .transient(let reason, _): self = .unreachable(reason: reason)
            case .malformedResponse(let reason): self = .malformedResponse(reason: reason)
            default: self = .unexpected(reason: error.errorDescription ?? "sign-in failed")
            }
        default:
            switch APIFailure(classifying: error) {
            case .unreachable(let reason): self = .unreachable(reason: reason)
            case .notSignedIn: self = .notSignedIn
            case .sessionExpired: self = .sessionExpired
            case .credentialsUnavailable(let reason): self = .credentialsUnavailable(reason: reason)
            case .malformedResponse(let reason): self = .malformedResponse(reason: reason)
            case .other(let reason): self = .unexpected(reason: reason)
            }
        }
    }
}

extension ServerOrigin {
    /// The base URL as a person would write it.
    var displayURL: String { url?.absoluteString ?? key }
}
