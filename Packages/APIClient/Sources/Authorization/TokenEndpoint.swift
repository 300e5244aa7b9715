import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The OAuth 2.0 token endpoint, through the generated `createToken` operation.
///
/// Give it a client that has no authorisation middleware (an expired access token must never reach the token
/// endpoint, requirement A3), whose transport follows no redirects (A4) and whose response bodies are bounded (B5).
public struct TokenEndpoint: Sendable {
    /// What to exchange for tokens.
    public enum Grant: Sendable {
        case password(username: String, password: Secret)
        case refreshToken(Secret)
    }

    private let api: any APIProtocol
    private let clientID: String
    private let now: @Sendable () -> Date

    /// Absurd lifetimes are treated as unknown (requirement B4).
    static let maximumLifetime: TimeInterval = 10 * 365 * 24 * 3600

    public init(api: any APIProtocol, clientID: String, now: @escaping @Sendable () -> Date) {
        self.api = api
        self.clientID = clientID
        self.now = now
    }

    /// Exchanges `grant` for tokens.
    public func requestTokens(for grant: Grant) async throws(TokenEndpointError) -> TokenGrant {
        let form: Components.Schemas.TokenRequest
        switch grant {
        case .password(let username, let password):
            form = .init(grantType: .password, username: username, password: password.unredacted, clientId: clientID)
        case .refreshToken(let token):
            form = .init(grantType: .refreshToken, refreshToken: token.unredacted, clientId: clientID)
        }
        let sentAt = now()
        let output: Operations.CreateToken.Output
        do {
            output = try await api.createToken(body: .urlEncodedForm(form))
        } catch {
            throw Self.classify(error)
        }
        switch output {
        case .ok(let ok):
            guard case .json(let response) = ok.body else {
                throw .malformedResponse(reason: "not JSON")
            }
            return try Self.validate(response, sentAt: sentAt)
        case .badRequest(let response):
            guard case .json(let error) = response.body else { throw .malformedResponse(reason: "not JSON") }
            throw Self.mapOAuthError(error)
        case .unauthorized(let response):
            guard case .json(let error) = response.body else { throw .malformedResponse(reason: "not JSON") }
            throw Self.mapOAuthError(error)
        case .undocumented(let status, let payload):
            throw Self.mapUndocumented(status: status, headers: payload.headerFields)
        }
    }

    static func validate(
        _ response: Components.Schemas.TokenResponse, sentAt: Date
    ) throws(TokenEndpointError) -> TokenGrant {
        guard response.tokenType.lowercased() == "bearer" else {
            throw .malformedResponse(
                reason: "token type \(Redaction.sanitize(response.tokenType, maxLength: 20)) is not Bearer")
        }
        let accessToken = Secret(response.accessToken)
        guard accessToken.isValidBearerToken else {
            throw .malformedResponse(reason: "the access token is not a valid bearer token")
        }
        var refreshToken: Secret?
        if let value = response.refreshToken {
            refreshToken = Secret(value)
            guard refreshToken?.unredacted.isEmpty == false else {
                throw .malformedResponse(reason: "the refresh token is empty")
            }
        }
        var expiresAt: Date?
        if let seconds = response.expiresIn, seconds > 0, TimeInterval(seconds) <= maximumLifetime {
            expiresAt = sentAt.addingTimeInterval(TimeInterval(seconds))
        }
        return TokenGrant(
            accessToken: accessToken,
            refreshToken: refreshToken,
            scope: response.scope,
            issuedAt: sentAt,
            expiresAt: expiresAt
        )
    }

    static func mapOAuthError(_ error: Components.Schemas.OAuthError) -> TokenEndpointError {
        let code = Redaction.sanitize(error.error, maxLength: 40)
        switch error.error {
        case "invalid_grant": return .invalidGrant(description: error.errorDescription)
        case "temporarily_unavailable", "server_error": return .transient(reason: code, retryAfter: nil)
        default: return .misconfigured(code: code, description: error.errorDescription)
        }
    }

    static func mapUndocumented(status: Int, headers: HTTPFields) -> TokenEndpointError {
        switch status {
        case 429, 500...599:
            let retryAfter = headers[.retryAfter].flatMap(TimeInterval.init)
            return .transient(reason: "HTTP \(status)", retryAfter: retryAfter)
        case 300...399:
            return .misconfigured(
                code: "redirect", description: "the token endpoint redirected (HTTP \(status)), which is never followed"
            )
        default:
            return .transient(reason: "unexpected HTTP \(status)", retryAfter: nil)
        }
    }

    static func classify(_ error: any Error) -> TokenEndpointError {
        if let error = error as? TokenEndpointError { return error }
        switch APIFailure(classifying: error) {
        case .unreachable(let reason): return .transient(reason: reason, retryAfter: nil)
        case .malformedResponse(let reason): return .malformedResponse(reason: reason)
        case .notSignedIn, .sessionExpired, .credentialsUnavailable, .other:
            return .transient(reason: "the request failed", retryAfter: nil)
        }
    }
}
