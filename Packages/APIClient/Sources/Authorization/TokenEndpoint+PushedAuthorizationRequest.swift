import AuthorizationServerClient
import Foundation

extension TokenEndpoint: AuthorizationRequestPushing {
    /// The longest `request_uri` accepted: it goes into the sign-in page's URL, and RFC 9126's example is 70
    /// characters.
    static let maximumRequestURILength = 1024

    /// The public client authenticates by its `client_id` alone (RFC 9126 §2, as at the token endpoint), through the
    /// same bounded, redirect-refusing client as every token request; nothing is sent to an endpoint that credentials
    /// may not travel to.
    public func pushAuthorizationRequest(
        _ request: AuthorizationCodeRequest, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> PushedAuthorizationRequest {
        guard let endpoint = server.pushedAuthorizationRequestEndpoint else {
            throw .notPublished(.pushedAuthorizationRequest)
        }
        let api = try client(checking: endpoint, of: server)
        let form = Components.Schemas.PushedAuthorizationRequest(
            clientId: request.clientID, responseType: "code", redirectUri: request.redirectURI,
            codeChallenge: request.pkce.challenge, codeChallengeMethod: PKCE.method, state: request.state.value,
            scope: request.scope, resource: request.resource)
        let sentAt = now()
        let output: Operations.CreatePushedAuthorizationRequest.Output
        do {
            output = try await api.createPushedAuthorizationRequest(body: .urlEncodedForm(form))
        } catch {
            throw Self.classify(error)
        }
        switch output {
        case .created(let created):
            guard case .json(let response) = created.body else { throw .malformedResponse(.notJSON) }
            return try Self.validate(response, sentAt: sentAt)
        case .badRequest(let response):
            guard case .json(let error) = response.body else { throw .malformedResponse(.notJSON) }
            throw Self.mapOAuthError(error, status: 400)
        case .unauthorized(let response):
            guard case .json(let error) = response.body else { throw .malformedResponse(.notJSON) }
            throw Self.mapOAuthError(error, status: 401)
        case .undocumented(let status, let payload):
            throw Self.mapUndocumented(status: status, headers: payload.headerFields, receivedAt: now())
        }
    }

    static func validate(
        _ response: Components.Schemas.PushedAuthorizationResponse, sentAt: Date
    ) throws(TokenEndpointError) -> PushedAuthorizationRequest {
        let requestURI = response.requestUri
        guard !requestURI.isEmpty, requestURI.utf8.count <= maximumRequestURILength,
            requestURI.utf8.allSatisfy({ (0x21...0x7E).contains($0) }), response.expiresIn >= 1
        else { throw .malformedResponse(.invalidPushedAuthorization) }
        return PushedAuthorizationRequest(
            requestURI: requestURI,
            expiresAt: sentAt.addingTimeInterval(min(TimeInterval(response.expiresIn), 3600)))
    }
}
