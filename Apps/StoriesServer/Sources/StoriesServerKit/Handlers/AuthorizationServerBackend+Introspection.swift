import AuthorizationServerAPI
import Foundation
import OpenAPIRuntime

/// Token introspection (RFC 7662), for resource servers that trust this authorization server.
extension AuthorizationServerBackend {
    /// RFC 7662 §2.2 for the access tokens this server issued; anything else is `{"active": false}`. The caller is
    /// the introspection client: `IntrospectionClientMiddleware` let nothing else through.
    func introspectToken(_ input: Operations.IntrospectToken.Input) async throws -> Operations.IntrospectToken.Output {
        guard AuthenticatedClient.id != nil else {
            return .unauthorized(.init(body: .json(.init(error: "invalid_client"))))
        }
        guard case .urlEncodedForm(let form) = input.body else {
            return .badRequest(.init(body: .json(.init(error: "invalid_request"))))
        }
        guard let token = await tokens.activeAccessToken(form.token) else {
            logger.info("introspect outcome=inactive")
            return .ok(.init(body: .json(.init(active: false))))
        }
        logger.info("introspect outcome=active")
        let account = await accounts.account(named: token.username)
        return .ok(
            .init(
                body: .json(
                    .init(
                        active: true,
                        scope: token.grant.scope,
                        clientId: token.grant.clientID,
                        username: token.username,
                        tokenType: token.keyThumbprint == nil ? "Bearer" : "DPoP",
                        exp: Int64(token.expiresAt.timeIntervalSince1970.rounded(.down)),
                        iat: Int64(token.issuedAt.timeIntervalSince1970.rounded(.down)),
                        sub: account?.id ?? token.username,
                        aud: .case1(token.grant.audience ?? resourceIdentifier),
                        iss: grants.origin.issuer,
                        cnf: token.keyThumbprint.map { .init(jkt: $0) }
                    ))))
    }
}
