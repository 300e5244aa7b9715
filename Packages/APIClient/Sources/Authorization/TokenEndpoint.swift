import AuthorizationServerClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import RFC9449

import enum APIClient.APIFailure
import struct APIClient.RetryAfter

/// The OAuth 2.0 token, device authorization and revocation endpoints of an authorization server, through the
/// `createToken`, `createDeviceAuthorization` and `revokeToken` operations of the authorization server's generated
/// client (openapi/authorization-server.yaml), each sent to the endpoint the server's metadata names.
///
/// Every request names the `AuthorizationServer` it goes to, so that a session's refresh and revocation go to the
/// server that issued it. Nothing is sent to an endpoint that credentials may not travel to (plain HTTP to another
/// machine), and the server's RFC 8707 `resource` goes with every token and device authorization request.
///
/// Give it clients that have no authorisation middleware (an expired access token must never reach the token
/// endpoint), whose transport follows no redirects and whose response bodies are bounded.
public struct TokenEndpoint: DeviceAuthorizing, AuthorizationCodeExchanging {
    /// What to exchange for tokens.
    public enum Grant: Sendable {
        case password(username: String, password: Secret)
        case refreshToken(Secret)
        /// The `device_code` of an approved device authorization (RFC 8628 §3.4).
        case deviceCode(Secret)
        /// An authorization code, with the redirect URI its request named and the PKCE verifier (RFC 6749 §4.1.3,
        /// RFC 7636 §4.5).
        case authorizationCode(code: Secret, redirectURI: String, codeVerifier: Secret)

        /// The secrets this grant sends, which a server's error text must never carry on to a person or a log.
        var secrets: [String] {
            switch self {
            case .password(_, let password): [password.unredacted]
            case .refreshToken(let token): [token.unredacted]
            case .deviceCode(let code): [code.unredacted]
            case .authorizationCode(let code, _, let verifier): [code.unredacted, verifier.unredacted]
            }
        }

        /// Whether the grant starts a session (every grant but a refresh): the one request that makes a DPoP key.
        var startsSession: Bool {
            if case .refreshToken = self { false } else { true }
        }
    }

    /// Makes the client whose token, device authorization and revocation operations go to `server`'s endpoints.
    public typealias ServerClient = @Sendable (_ server: AuthorizationServer) -> any APIProtocol

    private let client: ServerClient
    let clientID: String
    let now: @Sendable () -> Date
    private let dpop: DPoPProofing

    /// Lifetimes above this are treated as unknown: no real access token lives for more than a year, and a larger
    /// value is more likely a unit mistake (milliseconds) than a promise.
    static let maximumLifetime: TimeInterval = 366 * 24 * 3600

    /// - Parameters:
    ///   - clientID: the public client id presented to every endpoint.
    ///   - now: the wall clock that dates tokens.
    ///   - client: makes the client for an authorization server's endpoints.
    ///   - dpop: makes the DPoP proofs of token requests and keeps the servers' nonces.
    public init(
        clientID: String, now: @escaping @Sendable () -> Date, dpop: DPoPProofing = DPoPProofing(),
        client: @escaping ServerClient
    ) {
        self.client = client
        self.clientID = clientID
        self.now = now
        self.dpop = dpop
    }

    /// Sends every server's requests to `api`, which routes them itself (a test double does not route at all).
    public init(
        api: any APIProtocol, clientID: String, now: @escaping @Sendable () -> Date, dpop: DPoPProofing = DPoPProofing()
    ) {
        self.init(clientID: clientID, now: now, dpop: dpop, client: { _ in api })
    }

    /// Exchanges `grant` for tokens at `server`'s token endpoint.
    ///
    /// DPoP (RFC 9449 §5): a refresh sends a proof signed with `dpopKey`, the session's key, when it has one; a
    /// sign-in makes a new key when `server` takes ES256 proofs, and the grant carries it when the server bound the
    /// tokens to it (`token_type` `DPoP`). A `use_dpop_nonce` answer is retried once with the nonce it carried (§8).
    public func requestTokens(
        for grant: Grant, at server: AuthorizationServer, dpopKey: DPoPSigningKey? = nil
    ) async throws(TokenEndpointError) -> TokenGrant {
        let api = try client(checking: server.tokenEndpoint, of: server)
        let form: Components.Schemas.TokenRequest
        switch grant {
        case .password(let username, let password):
            form = .init(
                grantType: .password, username: username, password: password.unredacted, clientId: clientID,
                resource: server.resource)
        case .refreshToken(let token):
            form = .init(
                grantType: .refreshToken, refreshToken: token.unredacted, clientId: clientID, resource: server.resource)
        case .deviceCode(let code):
            form = .init(
                grantType: .deviceCode, clientId: clientID, deviceCode: code.unredacted, resource: server.resource)
        case .authorizationCode(let code, let redirectURI, let verifier):
            form = .init(
                grantType: .authorizationCode, clientId: clientID, code: code.unredacted, redirectUri: redirectURI,
                codeVerifier: verifier.unredacted, resource: server.resource)
        }
        let key = dpopKey ?? (grant.startsSession && server.acceptsDPoP ? DPoPSigningKey() : nil)
        var isNonceRetry = false
        while true {
            let proof = key.map { dpop.proof(key: $0, method: "POST", url: server.tokenEndpoint) }
            let sentAt = now()
            let output: Operations.CreateToken.Output
            do {
                output = try await api.createToken(headers: .init(dPoP: proof), body: .urlEncodedForm(form))
            } catch {
                throw Self.classify(error)
            }
            switch output {
            case .ok(let ok):
                dpop.nonces.record(ok.headers.dPoPNonce, from: server.tokenEndpoint)
                guard case .json(let response) = ok.body else { throw .malformedResponse(.notJSON) }
                return try Self.validate(response, sentAt: sentAt, dpopKey: key)
            case .badRequest(let response):
                dpop.nonces.record(response.headers.dPoPNonce, from: server.tokenEndpoint)
                guard case .json(let error) = response.body else { throw .malformedResponse(.notJSON) }
                if error.error == "use_dpop_nonce", key != nil, !isNonceRetry, response.headers.dPoPNonce != nil {
                    isNonceRetry = true
                    continue
                }
                if error.error == "invalid_grant",
                    let retryAfter = response.headers.retryAfter.flatMap({ RetryAfter(headerValue: $0, now: Date()) })
                {
                    throw .throttled(retryAfter: retryAfter)
                }
                throw Self.mapOAuthError(error, status: 400).withholding(grant.secrets)
            default:
                try handleRefusal(output, grant: grant)
            }
        }
    }

    /// The failure of a token request answered with anything but 200 or 400.
    private func handleRefusal(
        _ output: Operations.CreateToken.Output, grant: Grant
    ) throws(TokenEndpointError) -> Never {
        switch output {
        case .ok, .badRequest:
            throw .malformedResponse(.notJSON)
        case .unauthorized(let response):
            guard case .json(let error) = response.body else { throw .malformedResponse(.notJSON) }
            throw Self.mapOAuthError(error, status: 401).withholding(grant.secrets)
        case .undocumented(let status, let payload):
            throw Self.mapUndocumented(status: status, headers: payload.headerFields, receivedAt: now())
        }
    }

    public func exchangeAuthorizationCode(
        _ code: Secret, redirectURI: String, codeVerifier: Secret, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> TokenGrant {
        try await requestTokens(
            for: .authorizationCode(code: code, redirectURI: redirectURI, codeVerifier: codeVerifier), at: server)
    }

    /// The client for `server`, once `endpoint` (one of `server`'s) is known to be one credentials may travel to.
    func client(
        checking endpoint: URL, of server: AuthorizationServer
    ) throws(TokenEndpointError) -> any APIProtocol {
        guard let target = try? ServerOrigin(endpoint), target.allowsCredentials else {
            throw .insecureTransport(origin: Self.originText(of: endpoint))
        }
        return client(server)
    }

    /// `scheme://host:port` of `url`, for a message about where nothing was sent.
    private static func originText(of url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: true) ?? URLComponents()
        components.path = ""
        components.query = nil
        components.fragment = nil
        return components.string ?? "an endpoint"
    }

    /// Starts a device authorization (RFC 8628 §3.1, §3.2). An interval the server does not name is 5 seconds; one
    /// below a second is taken as a second, so a broken server cannot make the device poll in a loop.
    public func requestDeviceAuthorization(
        scope: String?, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> DeviceAuthorization {
        guard let endpoint = server.deviceAuthorizationEndpoint else { throw .notPublished(.deviceAuthorization) }
        let api = try client(checking: endpoint, of: server)
        let sentAt = now()
        let output: Operations.CreateDeviceAuthorization.Output
        do {
            output = try await api.createDeviceAuthorization(
                body: .urlEncodedForm(.init(clientId: clientID, scope: scope, resource: server.resource)))
        } catch {
            throw Self.classify(error)
        }
        switch output {
        case .ok(let ok):
            guard case .json(let response) = ok.body else { throw .malformedResponse(.notJSON) }
            return try Self.validate(response, sentAt: sentAt)
        case .badRequest(let response):
            guard case .json(let error) = response.body else { throw .malformedResponse(.notJSON) }
            throw Self.mapOAuthError(error, status: 400)
        case .unauthorized(let response):
            guard case .json(let error) = response.body else { throw .malformedResponse(.notJSON) }
            throw Self.mapOAuthError(error, status: 401)
        case .serviceUnavailable(let response):
            guard case .json(let error) = response.body else { throw .malformedResponse(.notJSON) }
            throw Self.mapOAuthError(error, status: 503)
        case .undocumented(let status, let payload):
            throw Self.mapUndocumented(status: status, headers: payload.headerFields, receivedAt: now())
        }
    }

    /// Polls once with `deviceCode` (RFC 8628 §3.4, §3.5): the four polling answers are outcomes, anything else a
    /// failure as for any token request.
    public func pollDeviceAuthorization(
        deviceCode: Secret, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> DevicePollOutcome {
        do {
            return .granted(try await requestTokens(for: .deviceCode(deviceCode), at: server))
        } catch {
            // Codes RFC 6749 does not know reach `mapOAuthError` as `misconfigured`; these four are RFC 8628's.
            if case .misconfigured(let code, _) = error, let answer = Self.pollingAnswers[code] { return answer }
            throw error
        }
    }

    static let pollingAnswers: [String: DevicePollOutcome] = [
        "authorization_pending": .pending, "slow_down": .slowDown, "access_denied": .denied,
        "expired_token": .expired,
    ]

    /// The longest lifetime of a device authorization accepted as it is; a longer one is cut to it, so that a
    /// broken server cannot keep a device polling for days.
    static let maximumDeviceAuthorizationLifetime: TimeInterval = 3600

    static func validate(
        _ response: Components.Schemas.DeviceAuthorizationResponse, sentAt: Date
    ) throws(TokenEndpointError) -> DeviceAuthorization {
        guard !response.deviceCode.isEmpty, !response.userCode.isEmpty,
            let verificationURI = URL(string: response.verificationUri), verificationURI.scheme != nil,
            response.expiresIn >= 1
        else { throw .malformedResponse(.invalidDeviceAuthorization) }
        let lifetime = min(TimeInterval(response.expiresIn), maximumDeviceAuthorizationLifetime)
        return DeviceAuthorization(
            deviceCode: Secret(response.deviceCode),
            userCode: response.userCode,
            verificationURI: verificationURI,
            verificationURIComplete: response.verificationUriComplete.flatMap(URL.init(string:)),
            expiresAt: sentAt.addingTimeInterval(lifetime),
            interval: .seconds(max(1, min(response.interval ?? 5, 300)))
        )
    }

    /// A token to revoke, by kind: the kind is the `token_type_hint` the server is given.
    public enum RevocableToken: Sendable {
        /// Revoking a refresh token ends the access tokens issued with it too.
        case refreshToken(Secret)
        case accessToken(Secret)

        /// The token whose revocation ends the most: the refresh token when there is one, else the access token.
        public init(refreshToken: Secret?, accessToken: Secret) {
            self = refreshToken.map(Self.refreshToken) ?? .accessToken(accessToken)
        }
    }

    /// Revokes `token` at `server`'s revocation endpoint (RFC 7009). The server answers 200 for a token it does not
    /// know, so success means the token no longer works, whoever held it.
    public func revoke(_ token: RevocableToken, at server: AuthorizationServer) async throws(TokenEndpointError) {
        guard let endpoint = server.revocationEndpoint else { throw .notPublished(.revocation) }
        let api = try client(checking: endpoint, of: server)
        let form: Components.Schemas.RevocationRequest
        switch token {
        case .refreshToken(let secret):
            form = .init(token: secret.unredacted, tokenTypeHint: "refresh_token", clientId: clientID)
        case .accessToken(let secret):
            form = .init(token: secret.unredacted, tokenTypeHint: "access_token", clientId: clientID)
        }
        let output: Operations.RevokeToken.Output
        do {
            output = try await api.revokeToken(body: .urlEncodedForm(form))
        } catch {
            throw Self.classify(error)
        }
        switch output {
        case .ok: return
        case .badRequest(let response):
            guard case .json(let error) = response.body else { throw .malformedResponse(.notJSON) }
            throw Self.mapOAuthError(error, status: 400).withholding([form.token])
        case .undocumented(let status, let payload):
            throw Self.mapUndocumented(status: status, headers: payload.headerFields, receivedAt: now())
        }
    }

    /// - Parameter dpopKey: the key of the request's proof: only then may the tokens be `DPoP` ones.
    static func validate(
        _ response: Components.Schemas.TokenResponse, sentAt: Date, dpopKey: DPoPSigningKey? = nil
    ) throws(TokenEndpointError) -> TokenGrant {
        let boundKey: DPoPSigningKey?
        switch response.tokenType.lowercased() {
        case "bearer": boundKey = nil
        case "dpop" where dpopKey != nil: boundKey = dpopKey
        default: throw .malformedResponse(.notBearer)
        }
        let accessToken = Secret(response.accessToken)
        guard accessToken.isValidBearerToken else { throw .malformedResponse(.invalidAccessToken) }
        var refreshToken: Secret?
        if let value = response.refreshToken {
            guard !value.isEmpty else { throw .malformedResponse(.emptyRefreshToken) }
            refreshToken = Secret(value)
        }
        return TokenGrant(
            accessToken: accessToken,
            refreshToken: refreshToken,
            scope: response.scope,
            issuedAt: sentAt,
            expiresAt: lifetime(response.expiresIn).map(sentAt.addingTimeInterval),
            tokenType: boundKey == nil ? "Bearer" : "DPoP",
            dpopKey: boundKey
        )
    }

    /// `expires_in` as a usable lifetime, or `nil` (unknown: the server's 401 will say when the token ends) when it
    /// is absent, not a whole number of seconds, zero or negative, or longer than `maximumLifetime`. An unusable
    /// value must not fail the response: by the time it is read the server has already rotated the refresh token.
    static func lifetime(_ seconds: Double?) -> TimeInterval? {
        guard let seconds, seconds.isFinite, seconds >= 1, seconds <= maximumLifetime, seconds.rounded() == seconds
        else { return nil }
        return seconds
    }

    static func mapOAuthError(_ error: Components.Schemas.OAuthError, status: Int) -> TokenEndpointError {
        switch error.error {
        case "invalid_grant": return .invalidGrant(description: error.errorDescription)
        case "temporarily_unavailable", "server_error": return .unavailable(status: status, retryAfter: nil)
        default: return .misconfigured(code: error.error, description: error.errorDescription)
        }
    }

    static func mapUndocumented(status: Int, headers: HTTPFields, receivedAt now: Date) -> TokenEndpointError {
        switch APIFailure(undocumentedStatus: status, headers: headers, receivedAt: now) {
        case .unavailable(let status, let retryAfter): .unavailable(status: status, retryAfter: retryAfter)
        default: .malformedResponse(.unexpectedStatus(status))
        }
    }

    static func classify(_ error: any Error) -> TokenEndpointError {
        if let error = error as? TokenEndpointError { return error }
        switch APIFailure(classifying: error) {
        case .unreachable(let failure): return .unreachable(failure)
        case .unavailable(let status, let retryAfter): return .unavailable(status: status, retryAfter: retryAfter)
        case .responseTooLarge(let tooLarge): return .malformedResponse(.tooLarge(limit: tooLarge.limit))
        case .malformedResponse: return .malformedResponse(.notJSON)
        case .insecureTransport(let origin): return .insecureTransport(origin: origin)
        case .forbidden: return .malformedResponse(.unexpectedStatus(403))
        case .notFound: return .malformedResponse(.unexpectedStatus(404))
        case .unexpectedStatus(let status): return .malformedResponse(.unexpectedStatus(status))
        case .notSignedIn, .sessionExpired, .credentialsUnavailable, .other: return .unreachable(.other)
        }
    }
}
