import AuthorizationServerAPI
import Foundation
import OpenAPIRuntime

/// The device authorization endpoint, the metadata document, and the two grants a person approves in a browser.
extension AuthorizationServerBackend {
    func createDeviceAuthorization(
        _ input: Operations.CreateDeviceAuthorization.Input
    ) async throws -> Operations.CreateDeviceAuthorization.Output {
        guard case .urlEncodedForm(let form) = input.body else {
            return .badRequest(.init(body: .json(.init(error: "invalid_request"))))
        }
        guard form.clientId == Self.clientID else {
            logger.info("device_authorization outcome=invalid_client")
            return .unauthorized(
                .init(body: .json(.init(error: "invalid_client", errorDescription: "Unknown client."))))
        }
        if let scope = form.scope, scope.utf8.count > AuthorizationRequest.maximumParameterLength {
            return .badRequest(
                .init(body: .json(.init(error: "invalid_scope", errorDescription: "scope is too long."))))
        }
        guard let resource = RequestedResource(form.resource, thisAPI: resourceIdentifier) else {
            logger.info("device_authorization outcome=invalid_target")
            return .badRequest(
                .init(
                    body: .json(
                        .init(
                            error: "invalid_target",
                            errorDescription: "resource must be an absolute http or https URI without a fragment."))))
        }
        let request = PendingDeviceRequest(clientID: form.clientId, scope: form.scope, resource: resource)
        guard let started = await grants.devices.start(request, from: RequestClient.address) else {
            logger.info("device_authorization outcome=temporarily_unavailable")
            RequestClient.current?.answerRetryAfter(1)
            return .serviceUnavailable(
                .init(
                    body: .json(
                        .init(
                            error: "temporarily_unavailable",
                            errorDescription: "No unused user code could be made. Try again."))))
        }
        logger.info("device_authorization outcome=started")
        let verificationURI = grants.verificationURI
        return .ok(
            .init(
                headers: .init(cacheControl: "no-store"),
                body: .json(
                    .init(
                        deviceCode: started.deviceCode,
                        userCode: started.userCode,
                        verificationUri: verificationURI,
                        verificationUriComplete: verificationURI + "?"
                            + FormURLEncoding.query([("user_code", started.userCode)]),
                        expiresIn: started.expiresIn,
                        interval: started.interval
                    )
                )
            )
        )
    }

    /// RFC 9126 §2: the authorization request in a body, checked as the sign-in page checks it, kept under a one-time
    /// `request_uri`. The public client authenticates by its id alone, as at the token endpoint.
    func createPushedAuthorizationRequest(
        _ input: Operations.CreatePushedAuthorizationRequest.Input
    ) async throws -> Operations.CreatePushedAuthorizationRequest.Output {
        guard case .urlEncodedForm(let form) = input.body else {
            return .badRequest(.init(body: .json(.init(error: "invalid_request"))))
        }
        func refused(_ error: String, _ description: String) -> Operations.CreatePushedAuthorizationRequest.Output {
            logger.info("par outcome=\(error)")
            return .badRequest(.init(body: .json(.init(error: error, errorDescription: description))))
        }
        guard form.clientId == Self.clientID else {
            logger.info("par outcome=invalid_client")
            return .unauthorized(
                .init(body: .json(.init(error: "invalid_client", errorDescription: "Unknown client."))))
        }
        guard form.requestUri == nil else {
            return refused("invalid_request", "request_uri cannot be pushed (RFC 9126 §2.1).")
        }
        guard RequestedResource(form.resource, thisAPI: resourceIdentifier) != nil else {
            return refused("invalid_target", "resource must be an absolute http or https URI without a fragment.")
        }
        let values: [String: String?] = [
            "client_id": form.clientId, "response_type": form.responseType, "redirect_uri": form.redirectUri,
            "code_challenge": form.codeChallenge, "code_challenge_method": form.codeChallengeMethod,
            "state": form.state, "scope": form.scope,
        ]
        let fields = FormParameters(values: values.compactMapValues { $0 })
        switch AuthorizationPage.validate(fields, clientID: Self.clientID) {
        case .success(let request):
            let requestURI = await grants.pushedRequests.push(request, from: RequestClient.address)
            logger.info("par outcome=pushed")
            return .created(
                .init(
                    headers: .init(cacheControl: "no-store"),
                    body: .json(.init(requestUri: requestURI, expiresIn: Int(grants.pushedRequests.lifetime)))))
        case .failure(.unusable(let message)):
            return refused("invalid_request", message)
        case .failure(.refused(_, let error, let description, _)):
            return refused(error, description)
        }
    }

    func getAuthorizationServerMetadata(
        _ input: Operations.GetAuthorizationServerMetadata.Input
    ) async throws -> Operations.GetAuthorizationServerMetadata.Output {
        .ok(
            .init(
                body: .json(
                    .init(
                        origin: grants.origin, passwordGrantEnabled: grants.passwordGrantEnabled,
                        introspectionEnabled: grants.introspectionEnabled,
                        dpopSigningAlgorithms: dpop.signingAlgorithms, pushedRequests: grants.pushedRequestPolicy)))
        )
    }

    /// RFC 6749 §4.1.3 with RFC 7636 §4.5. A code that comes back after it bought tokens revokes them.
    func authorizationCodeGrant(
        _ form: Components.Schemas.TokenRequest, resource: RequestedResource, proofKey: String?
    ) async -> Operations.CreateToken.Output {
        let grant = form.grantType.rawValue
        guard let clientID = form.clientId, let code = form.code, let redirectURI = form.redirectUri,
            let verifier = form.codeVerifier
        else {
            return tokenError(
                "invalid_request", grant: grant,
                description: "client_id, code, redirect_uri and code_verifier are required.")
        }
        switch await grants.codes.redeem(code, clientID: clientID, redirectURI: redirectURI, verifier: verifier) {
        case .success(let approval):
            let issued = await tokens.issueTokens(
                for: approval.username,
                grant: TokenGrant(clientID: clientID, scope: approval.scope, audience: resource.audienceOfNewGrant),
                keyThumbprint: proofKey)
            if await grants.codes.attach(issued.family, to: code) {
                // The code came back while these tokens were being issued: nobody gets them.
                await tokens.revoke(issued.family)
                return tokenError(
                    "invalid_grant", grant: grant, reason: CodeRefusal.reused.rawValue,
                    description: "The authorization code was already used.")
            }
            return tokenIssued(issued, grant: grant)
        case .failure(let failure):
            if let family = failure.familyToRevoke { await tokens.revoke(family) }
            return tokenError(
                "invalid_grant", grant: grant, reason: failure.reason.rawValue,
                description:
                    "The authorization code is invalid, expired or already used, or the redirect URI or code verifier does not match."
            )
        }
    }

    /// RFC 8628 §3.4, §3.5. The resource is the device authorization's; a poll may repeat it, not change it.
    func deviceCodeGrant(
        _ form: Components.Schemas.TokenRequest, resource: RequestedResource, proofKey: String?
    ) async -> Operations.CreateToken.Output {
        let grant = form.grantType.rawValue
        guard let clientID = form.clientId, let deviceCode = form.deviceCode else {
            return tokenError("invalid_request", grant: grant, description: "client_id and device_code are required.")
        }
        switch await grants.devices.poll(deviceCode: deviceCode, clientID: clientID) {
        case .pending:
            return tokenError(
                "authorization_pending", grant: grant, description: "Waiting for the user to approve the request.")
        case .slowDown:
            return tokenError(
                "slow_down", grant: grant, description: "Polling too fast: wait 5 seconds longer between polls.")
        case .denied:
            return tokenError("access_denied", grant: grant, description: "The user denied the request.")
        case .expired:
            return tokenError("expired_token", grant: grant, description: "The device code has expired. Start again.")
        case .refused(let reason):
            return tokenError(
                "invalid_grant", grant: grant, reason: reason.rawValue,
                description: "The device code is invalid or was already used.")
        case .approved(let username, let request):
            let audience: String?
            switch (request.resource, resource) {
            case (.audience(let asked), .audience(let polled)) where asked != polled:
                return invalidTarget(grant: grant)
            case (.audience(let asked), _):
                audience = asked
            case (.unspecified, _):
                audience = resource.audienceOfNewGrant
            }
            let tokenGrant = TokenGrant(clientID: clientID, scope: request.scope, audience: audience)
            return tokenIssued(
                await tokens.issueTokens(for: username, grant: tokenGrant, keyThumbprint: proofKey), grant: grant)
        }
    }
}
