import HTTPTypes
import Hummingbird
import Logging
import RFC7636

/// The authorization endpoint for native apps (RFC 6749 §4.1, RFC 7636, RFC 8252), `GET/POST /oauth/authorize`:
/// checks the request, shows a sign-in and consent page, and sends the browser back to the app's loopback redirect
/// URI with `code` and `state` (or `error=access_denied`), plus `iss` (RFC 9207).
///
/// A request whose client or redirect URI is unusable is answered with an error page, never a redirect: the server
/// must not send a browser to a URI it cannot vouch for (RFC 6749 §4.1.2.1).
///
/// A request may instead be pushed first (RFC 9126, `PushedAuthorizationRequests`): the page is then opened with only
/// `client_id` and a one-time `request_uri`, and the pushed parameters are used.
///
/// Password attempts are throttled (`SignInThrottle`): a held-back attempt is answered 429 with `Retry-After` and the
/// page again, without the password being checked.
struct AuthorizationPage: Sendable {
    let signIn: PasswordSignIn
    let grants: AuthorizationGrants
    /// Requests pushed to the PAR endpoint (RFC 9126), which a `request_uri` names.
    var pushedRequests: PushedAuthorizationRequests { grants.pushedRequests }
    let forms: FormTokens<AuthorizationRequest>
    let clientID: String
    let logger: Logger

    static let path = ServerConfiguration.authorizationPagePath

    /// The parameters of an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3, RFC 9126 §4); others are ignored.
    static let requestParameterNames: Set<String> = [
        "client_id", "request_uri", "response_type", "redirect_uri", "code_challenge", "code_challenge_method", "state",
        "scope",
    ]
    /// The fields of the sign-in form this page renders.
    static let formFieldNames: Set<String> = ["csrf_token", "username", "password", "decision"]

    func register<Context: RequestContext>(on router: Router<Context>) {
        router.get(RouterPath(Self.path)) { request, _ in
            await show(request)
        }
        router.post(RouterPath(Self.path)) { request, _ in
            try await submit(request)
        }
    }

    /// Why a request to the authorization endpoint was refused.
    enum Refusal: Error, Equatable {
        /// Shown on a page: the client or the redirect URI cannot be trusted with a redirect.
        case unusable(String)
        /// Sent to the redirect URI (RFC 6749 §4.1.2.1).
        case refused(redirectURI: LoopbackRedirectURI, error: String, description: String, state: String?)
    }

    /// The request in `fields`, checked in the order RFC 6749 §4.1.2.1 requires: client and redirect URI first.
    func validate(_ fields: FormParameters) -> Result<AuthorizationRequest, Refusal> {
        Self.validate(fields, clientID: clientID)
    }

    /// The request in `fields` from the client `clientID` (the only one this server knows): what the authorization
    /// endpoint checks, and the PAR endpoint checks the same way (RFC 9126 §2.1).
    static func validate(_ fields: FormParameters, clientID: String) -> Result<AuthorizationRequest, Refusal> {
        guard let client = fields["client_id"], client == clientID else {
            return .failure(.unusable("The application is not one this server knows (client_id)."))
        }
        guard let redirectText = fields["redirect_uri"], let redirectURI = LoopbackRedirectURI(redirectText) else {
            return .failure(
                .unusable(
                    "The redirect URI must be http://127.0.0.1:PORT/… or http://[::1]:PORT/… (RFC 8252 §7.3), "
                        + "without a fragment."))
        }
        let maximum = AuthorizationRequest.maximumParameterLength
        let state = fields["state"].flatMap { $0.utf8.count <= maximum ? $0 : nil }
        func refuse(_ error: String, _ description: String) -> Result<AuthorizationRequest, Refusal> {
            .failure(.refused(redirectURI: redirectURI, error: error, description: description, state: state))
        }
        if let raw = fields["state"], raw.utf8.count > maximum {
            return refuse("invalid_request", "state is longer than \(maximum) bytes.")
        }
        guard let responseType = fields["response_type"] else {
            return refuse("invalid_request", "response_type is required.")
        }
        guard responseType == "code" else {
            return refuse("unsupported_response_type", "Only response_type=code is supported.")
        }
        guard fields["code_challenge_method"] == "S256" else {
            return refuse("invalid_request", "code_challenge_method must be S256.")
        }
        guard let challenge = fields["code_challenge"], CodeChallenge.isWellFormedS256(challenge) else {
            return refuse("invalid_request", "code_challenge must be 43 base64url characters.")
        }
        if let scope = fields["scope"], scope.utf8.count > maximum {
            return refuse("invalid_scope", "scope is longer than \(maximum) bytes.")
        }
        return .success(
            AuthorizationRequest(
                clientID: client,
                redirectURI: redirectURI,
                codeChallenge: challenge,
                state: state,
                scope: fields["scope"].flatMap { $0.isEmpty ? nil : $0 }
            ))
    }

    private func show(_ request: Request) async -> Response {
        let fields: FormParameters
        do throws(FormParameters.Malformed) {
            fields = try request.queryParameters(named: Self.requestParameterNames)
        } catch .repeatedName {
            return HTMLPage.error(
                "Cannot sign in", "A parameter appears more than once (RFC 6749 §3.1).", status: .badRequest)
        } catch {
            logger.info("authorize outcome=malformed_query")
            return HTMLPage.malformedForm(error)
        }
        let validated: Result<AuthorizationRequest, Refusal>
        if let requestURI = fields["request_uri"] {
            // RFC 9126 §4: only the pushed parameters count; the others in the URL are ignored.
            switch await pushedRequests.redeem(requestURI, clientID: fields["client_id"]) {
            case .success(let pushed):
                validated = .success(pushed)
            case .failure(.forgotten(let pushed, let reason)):
                // The client and the redirect URI were checked when the request was pushed, so the error may go
                // there (RFC 6749 §4.1.2.1): the app waiting for it stops waiting and says why.
                logger.info("authorize outcome=invalid_request_uri reason=\(reason.rawValue)")
                return redirect(
                    to: pushed.redirectURI,
                    [
                        ("error", "invalid_request_uri"),
                        (
                            "error_description",
                            "The server no longer knows this sign-in request: it was not used in time, or more "
                                + "requests came from the same address than the server keeps."
                        ),
                    ],
                    state: pushed.state)
            case .failure(let refusal):
                logger.info("authorize outcome=request_uri_refused reason=\(refusal.logReason)")
                return HTMLPage.error(
                    "Cannot sign in",
                    "This sign-in link has expired or was already used, or belongs to another application. "
                        + "Start signing in again from the application.",
                    status: .badRequest)
            }
        } else if grants.pushedRequestPolicy == .required {
            logger.info("authorize outcome=not_pushed")
            return HTMLPage.error(
                "Cannot sign in",
                "This server accepts only pushed authorization requests (RFC 9126): the application must send its "
                    + "request to the server first.",
                status: .badRequest)
        } else {
            validated = validate(fields)
        }
        switch validated {
        case .success(let authorization):
            return await consent(authorization, error: nil, status: .ok)
        case .failure(.unusable(let message)):
            logger.info("authorize outcome=unusable_request")
            return HTMLPage.error("Cannot sign in", message, status: .badRequest)
        case .failure(.refused(let redirectURI, let error, let description, let state)):
            logger.info("authorize outcome=\(error)")
            return redirect(
                to: redirectURI, [("error", error), ("error_description", description)], state: state)
        }
    }

    private func submit(_ request: Request) async throws -> Response {
        let fields: FormParameters
        do {
            fields = try await request.formParameters(named: Self.formFieldNames)
        } catch let malformed as FormParameters.Malformed {
            logger.info("authorize outcome=malformed_form")
            return HTMLPage.malformedForm(malformed)
        }
        guard let authorization = await forms.redeem(fields["csrf_token"]) else {
            logger.info("authorize outcome=forbidden")
            return HTMLPage.forbiddenForm(retry: "Start signing in again from the application.")
        }
        switch fields["decision"] {
        case "deny":
            logger.info("authorize outcome=access_denied")
            return redirect(
                to: authorization.redirectURI,
                [("error", "access_denied"), ("error_description", "The user denied the request.")],
                state: authorization.state)
        case "approve":
            let address = RequestClient.address
            let account: Account
            switch await signIn.signIn(
                username: fields["username"] ?? "", password: fields["password"] ?? "", from: address)
            {
            case .signedIn(let signedIn):
                account = signedIn
            case .refused:
                logger.info("authorize outcome=bad_credentials")
                return await consent(authorization, error: "Wrong username or password.", status: .badRequest)
            case .throttled(let retryAfter):
                logger.info("authorize outcome=throttled")
                RequestClient.current?.answerRetryAfter(retryAfter)
                return await consent(
                    authorization, error: ThrottledMessage.text(retryAfter: retryAfter), status: .tooManyRequests)
            }
            let code = await grants.codes.issue(for: authorization, username: account.username, from: address)
            logger.info("authorize outcome=code_issued")
            return redirect(to: authorization.redirectURI, [("code", code)], state: authorization.state)
        default:
            return await consent(authorization, error: "Choose Allow or Deny.", status: .badRequest)
        }
    }

    /// 302 to the app with `parameters`, `state` when the request had one, and `iss`.
    private func redirect(
        to redirectURI: LoopbackRedirectURI, _ parameters: [(String, String)], state: String?
    ) -> Response {
        var all = parameters
        if let state { all.append(("state", state)) }
        all.append(("iss", grants.origin.issuer))
        return Response(
            status: .found,
            headers: [
                .location: redirectURI.adding(all), .cacheControl: "no-store",
                HTTPField.Name("Referrer-Policy")!: "no-referrer",
            ]
        )
    }

    private func consent(
        _ authorization: AuthorizationRequest, error: String?, status: HTTPResponse.Status
    ) async -> Response {
        let token = await forms.issue(for: authorization, to: RequestClient.address)
        let scope = authorization.scope.map { "<p>Access asked for: <strong>\($0.htmlEscaped)</strong></p>" } ?? ""
        return HTMLPage(
            title: "Sign in to Stories",
            body: """
                <p><strong>\(authorization.clientID.htmlEscaped)</strong> asks to use your Stories account. \
                Afterwards your browser returns to it at <span class="code">\
                \(authorization.redirectURI.destination.htmlEscaped)</span> on this computer.</p>
                \(scope)
                \(HTMLPage.errorParagraph(error))
                <form method="post" action="\(Self.path)">
                <input type="hidden" name="csrf_token" value="\(token.htmlEscaped)">
                <label>Username <input name="username" autocomplete="username" autofocus></label>
                <label>Password <input name="password" type="password" autocomplete="current-password"></label>
                <button type="submit" name="decision" value="approve">Sign in and allow</button>
                <button type="submit" name="decision" value="deny">Deny</button>
                </form>
                """
        ).response(status: status)
    }
}
