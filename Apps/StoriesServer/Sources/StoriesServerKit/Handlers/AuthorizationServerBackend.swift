import AuthorizationServerAPI
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// The reference implementation of the authorization server (`openapi/authorization-server.yaml`), in memory: the
/// token, revocation, device authorization, PAR and introspection endpoints and the metadata document. The sign-in
/// pages beside them are `AuthorizationPage` and `DeviceVerificationPage`.
struct AuthorizationServerBackend: APIProtocol {
    let accounts: AccountDirectory
    let tokens: TokenAuthority
    let grants: AuthorizationGrants
    let logger: Logger
    /// Checks the DPoP proofs of token requests (RFC 9449 §5); off unless `buildApplication` passes the server's.
    var dpop = DPoPProofChecker(mode: .off, environment: .live)

    /// The client id the reference server accepts (a public client, RFC 8252 §8.5).
    static let clientID = "stories-cli"

    func createToken(_ input: Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output {
        guard case .urlEncodedForm(let form) = input.body else { return tokenError("invalid_request", grant: "none") }
        let grant = form.grantType.rawValue
        if let clientID = form.clientId, clientID != Self.clientID {
            return tokenError("invalid_client", grant: grant, status: 401, description: "Unknown client.")
        }
        if let scope = form.scope, scope.utf8.count > AuthorizationRequest.maximumParameterLength {
            return tokenError("invalid_scope", grant: grant, description: "scope is too long.")
        }
        guard let resource = RequestedResource(form.resource, thisAPI: resourceIdentifier) else {
            return invalidTarget(grant: grant)
        }
        let proofKey: String?
        switch await dpop.check(
            input.headers.dPoP.map { [$0] } ?? [], method: .post, uri: grants.origin.url(Self.tokenEndpointPath),
            accessToken: nil)
        {
        case .success(let key?):
            proofKey = key
        case .success(nil) where dpop.mode == .required:
            return dpopRefused(.missing, grant: grant)
        case .success(nil):
            proofKey = nil
        case .failure(let refusal):
            return dpopRefused(refusal, grant: grant)
        }
        switch form.grantType {
        case .authorizationCode:
            return await authorizationCodeGrant(form, resource: resource, proofKey: proofKey)
        case .deviceCode:
            return await deviceCodeGrant(form, resource: resource, proofKey: proofKey)
        case .password:
            guard grants.passwordGrantEnabled else {
                return tokenError(
                    "unsupported_grant_type", grant: grant, description: "This server has the password grant disabled.")
            }
            guard let username = form.username, let password = form.password else {
                return tokenError("invalid_request", grant: grant, description: "username and password are required.")
            }
            let account: Account
            switch await grants.passwordSignIn(accounts).signIn(
                username: username, password: password, from: RequestClient.address)
            {
            case .signedIn(let signedIn):
                account = signedIn
            case .refused:
                return tokenError(
                    "invalid_grant", grant: grant, reason: "bad_credentials", description: "Wrong username or password."
                )
            case .throttled(let retryAfter):
                // RFC 6749 has no error for this; invalid_grant is what a password grant refused for its credentials
                // is, and Retry-After says when to try again.
                RequestClient.current?.answerRetryAfter(retryAfter)
                return tokenError(
                    "invalid_grant", grant: grant, reason: "throttled",
                    description: ThrottledMessage.text(retryAfter: retryAfter))
            }
            let issued = await tokens.issueTokens(
                for: account.username, grant: TokenGrant(scope: form.scope, audience: resource.audienceOfNewGrant),
                keyThumbprint: proofKey)
            return tokenIssued(issued, grant: grant)
        case .refreshToken:
            guard let refreshToken = form.refreshToken else {
                return tokenError("invalid_request", grant: grant, description: "refresh_token is required.")
            }
            switch await tokens.rotate(refreshToken, requesting: resource, proofKey: proofKey) {
            case .success(let issued):
                return tokenIssued(issued, grant: grant)
            case .failure(.otherResource):
                return invalidTarget(grant: grant)
            case .failure(let refusal):
                return tokenError(
                    "invalid_grant",
                    grant: grant,
                    reason: refusal.rawValue,
                    description: "The refresh token is invalid, expired or revoked."
                )
            }
        }
    }

    func revokeToken(_ input: Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output {
        guard case .urlEncodedForm(let form) = input.body else { return .ok }
        let revoked = await tokens.revoke(token: form.token)
        logger.info("revoke outcome=\(revoked ? "revoked" : "unknown_token")")
        return .ok
    }

    // MARK: Token endpoint responses

    func tokenIssued(_ issued: IssuedTokens, grant: String) -> Operations.CreateToken.Output {
        logger.info("token grant_type=\(grant) outcome=\(issued.outcome.rawValue) family=\(issued.family)")
        return .ok(
            .init(
                headers: .init(cacheControl: "no-store", dPoPNonce: dpop.nonceToSend()),
                body: .json(
                    .init(
                        accessToken: issued.accessToken,
                        tokenType: issued.keyThumbprint == nil ? "Bearer" : "DPoP",
                        expiresIn: Double(issued.expiresIn),
                        refreshToken: issued.refreshToken
                    )
                )
            )
        )
    }

    /// RFC 8707 §2: a `resource` that is malformed, or not the one the grant is for.
    func invalidTarget(grant: String) -> Operations.CreateToken.Output {
        tokenError(
            "invalid_target", grant: grant,
            description:
                "resource must be an absolute http or https URI without a fragment, and the one the grant is for.")
    }

    /// This API's resource identifier (RFC 8707, RFC 9728): the public origin and the base path.
    var resourceIdentifier: String { ProtectedResourceLocation.resource(at: grants.origin) }

    func tokenError(
        _ code: String,
        grant: String,
        status: Int = 400,
        reason: String? = nil,
        description: String? = nil
    ) -> Operations.CreateToken.Output {
        logger.info("token grant_type=\(grant) outcome=\(code)\(reason.map { " reason=\($0)" } ?? "")")
        let body = Components.Schemas.OAuthError(error: code, errorDescription: description)
        return status == 401
            ? .unauthorized(.init(body: .json(body)))
            : .badRequest(.init(headers: .init(dPoPNonce: dpop.nonceToSend()), body: .json(body)))
    }

    /// RFC 9449 §5: a token request whose proof was refused, `invalid_dpop_proof` or `use_dpop_nonce` (which carries
    /// the nonce to use, as every answer does while nonces are required).
    func dpopRefused(_ refusal: DPoPRefusal, grant: String) -> Operations.CreateToken.Output {
        tokenError(refusal.errorCode, grant: grant, reason: refusal.reason, description: refusal.description)
    }

    /// The token endpoint's path, for the `htu` of its proofs.
    static let tokenEndpointPath = "\(ServerConfiguration.basePath)/oauth/token"

    /// The paths of the authorization server's contract and the methods each one defines (a test pins this table to
    /// it).
    static let methodsByPath: [String: [HTTPRequest.Method]] = [
        "/oauth/token": [.post], "/oauth/revoke": [.post], "/oauth/device_authorization": [.post],
        "/oauth/introspect": [.post], "/oauth/par": [.post], "/.well-known/oauth-authorization-server": [.get],
    ]

    /// Paths also served at the origin's root, and where (see `OriginAliasTransport`): RFC 8414 §3 puts the metadata
    /// of an issuer that is an origin there.
    static let originRootPaths: [String: String] = [
        "/.well-known/oauth-authorization-server": "/.well-known/oauth-authorization-server"
    ]

    /// The operations whose bodies are forms (`FormBodyMiddleware` reads them first).
    static let formOperationIDs: Set<String> = [
        Operations.CreateToken.id, Operations.RevokeToken.id, Operations.CreateDeviceAuthorization.id,
        Operations.IntrospectToken.id, Operations.CreatePushedAuthorizationRequest.id,
    ]
}
