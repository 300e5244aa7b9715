import Foundation
import Logging
import OpenAPIRuntime
import StoriesServerAPI

/// The reference implementation of the Stories API (`openapi/openapi.yaml`), in memory. The authorization server
/// beside it is `AuthorizationServerBackend`.
struct StoriesBackend: APIProtocol {
    let accounts: AccountDirectory
    let catalog: StoryCatalog
    let grants: AuthorizationGrants
    let environment: ServerEnvironment
    let logger: Logger
    /// Whose tokens the API accepts: the RFC 9728 metadata names that issuer, and the accounts of an external one are
    /// recorded here on first sight.
    var tokenIssuer = TokenIssuer.itself
    /// The server's DPoP settings, which its metadata publishes; off unless `buildApplication` passes the server's.
    var dpop = DPoPProofChecker(mode: .off, environment: .live)

    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        .ok(.init(body: .json(.init(status: "ok"))))
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
