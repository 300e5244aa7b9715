import Foundation
import Logging
import OpenAPIRuntime
import StoriesServerAPI

/// The reference implementation of every operation in `openapi/openapi.yaml`, in memory.
struct StoriesBackend: APIProtocol {
    let accounts: AccountDirectory
    let tokens: TokenAuthority
    let catalog: StoryCatalog
    let grants: AuthorizationGrants
    let environment: ServerEnvironment
    let logger: Logger
    /// Whose tokens the API accepts: the RFC 9728 metadata names that issuer, and the accounts of an external one are
    /// recorded here on first sight.
    var tokenIssuer = TokenIssuer.itself
    /// Checks the DPoP proofs of token requests (RFC 9449 §5); off unless `buildApplication` passes the server's.
    var dpop = DPoPProofChecker(mode: .off, environment: .live)

    /// The client id the reference server accepts (a public client, RFC 8252 §8.5).
    static let clientID = "stories-cli"

    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        .ok(.init(body: .json(.init(status: "ok"))))
    }

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

    func registerUser(_ input: Operations.RegisterUser.Input) async throws -> Operations.RegisterUser.Output {
        guard case .json(let newUser) = input.body else {
            return .badRequest(.init(body: .applicationProblemJson(.badRequest("Expected JSON."))))
        }
        do {
            let account = try await accounts.register(
                username: newUser.username,
                password: newUser.password,
                displayName: newUser.displayName,
                now: environment.now()
            )
            logger.info("register outcome=created")
            return .created(.init(body: .json(.init(account))))
        } catch .invalid(let detail) {
            logger.info("register outcome=invalid")
            return .badRequest(.init(body: .applicationProblemJson(.badRequest(detail))))
        } catch .usernameTaken {
            logger.info("register outcome=conflict")
            return .conflict(
                .init(
                    body: .applicationProblemJson(
                        .init(title: "Conflict", status: 409, detail: "That username is taken.")))
            )
        }
    }

    func getCurrentUser(_ input: Operations.GetCurrentUser.Input) async throws -> Operations.GetCurrentUser.Output {
        guard let username = AuthenticatedUser.username else { return .unauthorized(unauthorized) }
        let account: Account?
        switch tokenIssuer {
        case .itself: account = await accounts.account(named: username)
        case .external: account = await accounts.profile(of: username, now: environment.now())
        }
        guard let account else { return .unauthorized(unauthorized) }
        return .ok(.init(body: .json(.init(account))))
    }

    func listStories(_ input: Operations.ListStories.Input) async throws -> Operations.ListStories.Output {
        guard AuthenticatedUser.username != nil else { return .unauthorized(unauthorized) }
        do {
            let page = try catalog.page(
                cursor: input.query.cursor, limit: input.query.limit ?? StoryCatalog.defaultPageSize)
            // The `Link` header is `EncodedStoryPageMiddleware`'s: the generated headers would percent-encode it.
            return .ok(
                .init(body: .json(.init(items: page.stories.map(Components.Schemas.Story.init), nextCursor: page.next)))
            )
        } catch .invalidLimit {
            return .badRequest(.init(body: .applicationProblemJson(.badRequest("limit must be between 1 and 100."))))
        } catch .invalidCursor {
            return .badRequest(
                .init(body: .applicationProblemJson(.badRequest("The cursor is not one this server issued."))))
        }
    }

    func getStory(_ input: Operations.GetStory.Input) async throws -> Operations.GetStory.Output {
        guard AuthenticatedUser.username != nil else { return .unauthorized(unauthorized) }
        guard let story = catalog.story(id: input.path.storyId) else {
            return .notFound(
                .init(
                    body: .applicationProblemJson(
                        .init(title: "Not Found", status: 404, detail: "No story has that id."))))
        }
        return .ok(.init(body: .json(.init(story))))
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
}

extension Components.Schemas.User {
    init(_ account: Account) {
        self.init(
            id: account.id, username: account.username, displayName: account.displayName, createdAt: account.createdAt)
    }
}

extension Components.Schemas.Story {
    init(_ story: StoredStory) {
        self.init(
            id: story.id,
            title: story.title,
            url: story.url,
            author: story.author,
            score: story.score,
            commentCount: story.commentCount,
            createdAt: story.createdAt
        )
    }
}

extension Components.Schemas.Problem {
    static func badRequest(_ detail: String) -> Self {
        .init(title: "Bad Request", status: 400, detail: detail)
    }
}

extension StoriesBackend {
    /// The challenges of this API's 401s; the public origin lives with the grants, which hand out URLs too.
    var challenges: BearerChallenges { BearerChallenges(origin: grants.origin, dpop: dpop.mode) }

    /// The 401 of a handler that finds no signed-in user (the bearer middleware normally answers first).
    var unauthorized: Components.Responses.Unauthorized {
        .init(
            headers: .init(wwwAuthenticate: challenges.invalidToken),
            body: .applicationProblemJson(
                .init(title: "Unauthorized", status: 401, detail: "The access token is missing, expired or revoked."))
        )
    }
}
