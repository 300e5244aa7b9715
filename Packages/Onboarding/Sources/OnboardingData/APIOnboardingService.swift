import APIClient
import OnboardingDomain

/// `OnboardingService` over the generated API client.
public struct APIOnboardingService: OnboardingService {
    private let api: any APIProtocol

    public init(api: any APIProtocol) {
        self.api = api
    }

    public func register(
        username: String,
        password: String,
        displayName: String?
    ) async throws(OnboardingError) -> UserAccount {
        let output: Operations.RegisterUser.Output
        do {
            output = try await api.registerUser(
                body: .json(.init(username: username, password: password, displayName: displayName))
            )
        } catch {
            throw OnboardingError(error)
        }
        switch output {
        case .created(let created):
            guard case .json(let user) = created.body else { throw .malformedResponse(reason: "not JSON") }
            return UserAccount(user)
        case .badRequest(let bad):
            guard case .applicationProblemJson(let problem) = bad.body else { throw .invalidInput("invalid input") }
            throw .invalidInput(Redaction.sanitize(problem.detail ?? problem.title))
        case .conflict:
            throw .usernameTaken
        case .undocumented(let status, _):
            throw .malformedResponse(reason: "unexpected HTTP \(status) from registerUser")
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
            guard case .json(let user) = ok.body else { throw .malformedResponse(reason: "not JSON") }
            return UserAccount(user)
        case .unauthorized:
            throw .sessionExpired
        case .undocumented(let status, _):
            throw .malformedResponse(reason: "unexpected HTTP \(status) from getCurrentUser")
        }
    }
}

extension UserAccount {
    init(_ user: Components.Schemas.User) {
        self.init(id: user.id, username: user.username, displayName: user.displayName, createdAt: user.createdAt)
    }
}

extension OnboardingError {
    init(_ error: any Error) {
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
