import HTTPTypes
import Hummingbird
import Logging

/// What a device verification form token is bound to: nothing but having been rendered by this page.
struct DeviceVerificationForm: Sendable {}

/// The verification page of the device flow (RFC 8628 §3.3), `GET/POST /device`: a person types the user code shown
/// on the device (or arrives with it in `user_code`), signs in, and approves or denies.
///
/// Approving and denying both need the sign-in, and the code is looked at only once the password has been checked,
/// so no answer tells whether a code is live to anyone who cannot sign in. Code entry is throttled per client address
/// and per username (`UserCodeThrottle`, RFC 8628 §5.1), and so are passwords (`SignInThrottle`): a held-back attempt
/// is answered 429 with `Retry-After` and the form again, before the password or the code is checked.
struct DeviceVerificationPage: Sendable {
    let signIn: PasswordSignIn
    let devices: DeviceAuthorizations
    let userCodeThrottle: UserCodeThrottle
    let forms: FormTokens<DeviceVerificationForm>
    let logger: Logger

    static let path = ServerConfiguration.deviceVerificationPagePath

    /// The fields of the form this page renders; the query may carry `user_code` alone (RFC 8628 §3.3.1).
    static let formFieldNames: Set<String> = ["csrf_token", "user_code", "username", "password", "decision"]

    func register<Context: RequestContext>(on router: Router<Context>) {
        router.get(RouterPath(Self.path)) { request, _ in
            do throws(FormParameters.Malformed) {
                let query = try request.queryParameters(named: ["user_code"])
                return await form(userCode: query["user_code"] ?? "", error: nil, status: .ok)
            } catch {
                logger.info("device_verification outcome=malformed_query")
                return HTMLPage.malformedForm(error)
            }
        }
        router.post(RouterPath(Self.path)) { request, _ in
            try await submit(request)
        }
    }

    private func submit(_ request: Request) async throws -> Response {
        let fields: FormParameters
        do {
            fields = try await request.formParameters(named: Self.formFieldNames)
        } catch let malformed as FormParameters.Malformed {
            logger.info("device_verification outcome=malformed_form")
            return HTMLPage.malformedForm(malformed)
        }
        guard await forms.redeem(fields["csrf_token"]) != nil else {
            logger.info("device_verification outcome=forbidden")
            return HTMLPage.forbiddenForm(retry: #"<a href="\#(Self.path)">Enter the code again</a>."#)
        }
        let userCode = fields["user_code"] ?? ""
        let decision = fields["decision"]
        guard decision == "approve" || decision == "deny" else {
            return await form(userCode: userCode, error: "Choose Approve or Deny.", status: .badRequest)
        }
        // Its shape is no secret: a typing mistake is pointed out before anything is checked or counted.
        guard UserCode.normalized(userCode) != nil else {
            logger.info("device_verification outcome=malformed_code")
            return await form(
                userCode: userCode, error: "Enter the code your device shows: eight letters, such as BCDF-GHJK.",
                status: .badRequest)
        }
        let username = fields["username"] ?? ""
        let address = RequestClient.address
        let attempt: UserCodeThrottle.Attempt
        switch await userCodeThrottle.admit(username: username, from: address) {
        case .admitted(let admitted): attempt = admitted
        case .throttled(let retryAfter): return await throttled(userCode: userCode, retryAfter: retryAfter)
        }
        let account: Account
        switch await signIn.signIn(username: username, password: fields["password"] ?? "", from: address) {
        case .signedIn(let signedIn):
            account = signedIn
        case .refused:
            await userCodeThrottle.finish(attempt, wrongCode: false)
            logger.info("device_verification outcome=bad_credentials")
            return await form(userCode: userCode, error: "Wrong username or password.", status: .badRequest)
        case .throttled(let retryAfter):
            await userCodeThrottle.finish(attempt, wrongCode: false)
            return await throttled(userCode: userCode, retryAfter: retryAfter)
        }
        let approving = decision == "approve"
        let decided = await devices.decide(userCode: userCode, approvedBy: approving ? account.username : nil)
        await userCodeThrottle.finish(attempt, wrongCode: !decided)
        guard decided else { return await unknownCode(userCode) }
        guard approving else {
            logger.info("device_verification outcome=denied")
            return HTMLPage(
                title: "Request denied",
                body: "<p>The device was not connected to your account. You can close this page.</p>"
            ).response()
        }
        logger.info("device_verification outcome=approved")
        return HTMLPage(
            title: "Device connected",
            body: """
                <p>Signed in as <strong>\(account.username.htmlEscaped)</strong>. \
                You can close this page and return to your device.</p>
                """
        ).response()
    }

    private func throttled(userCode: String, retryAfter: Int) async -> Response {
        logger.info("device_verification outcome=throttled")
        RequestClient.current?.answerRetryAfter(retryAfter)
        return await form(
            userCode: userCode, error: ThrottledMessage.text(retryAfter: retryAfter), status: .tooManyRequests)
    }

    private func unknownCode(_ userCode: String) async -> Response {
        logger.info("device_verification outcome=unknown_code")
        return await form(
            userCode: userCode,
            error: "That code is not valid, has expired, or was already used. Check the code on your device.",
            status: .badRequest
        )
    }

    private func form(userCode: String, error: String?, status: HTTPResponse.Status) async -> Response {
        let token = await forms.issue(for: DeviceVerificationForm(), to: RequestClient.address)
        return HTMLPage(
            title: "Connect a device",
            body: """
                <p>Enter the code your device shows, sign in, and approve. Only approve a code you started yourself.</p>
                \(HTMLPage.errorParagraph(error))
                <form method="post" action="\(Self.path)">
                <input type="hidden" name="csrf_token" value="\(token.htmlEscaped)">
                <label>Code <input class="code" name="user_code" value="\(userCode.htmlEscaped)" \
                autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="20"></label>
                <label>Username <input name="username" autocomplete="username"></label>
                <label>Password <input name="password" type="password" autocomplete="current-password"></label>
                <button type="submit" name="decision" value="approve">Approve</button>
                <button type="submit" name="decision" value="deny">Deny</button>
                </form>
                """
        ).response(status: status)
    }
}
