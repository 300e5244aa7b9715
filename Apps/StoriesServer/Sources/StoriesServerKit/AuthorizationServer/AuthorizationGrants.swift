/// The state of the grants a person approves in a browser, shared by the token endpoint and the HTML pages: the
/// device authorizations and codes, and the back-off of password and user-code guessing.
struct AuthorizationGrants: Sendable {
    let devices: DeviceAuthorizations
    let codes: AuthorizationCodes
    /// Requests pushed to the PAR endpoint (RFC 9126), until the sign-in page uses them.
    let pushedRequests: PushedAuthorizationRequests
    let signInThrottle: SignInThrottle
    let userCodeThrottle: UserCodeThrottle
    let limits: AuthorizationServerLimits
    let origin: PublicOrigin
    let passwordGrantEnabled: Bool
    let pushedRequestPolicy: PushedAuthorizationRequestPolicy
    /// Whether a client may introspect tokens here (RFC 7662): the metadata names the endpoint only then.
    let introspectionEnabled: Bool

    init(
        configuration: ServerConfiguration, environment: ServerEnvironment,
        limits: AuthorizationServerLimits = .standard
    ) {
        devices = DeviceAuthorizations(
            lifetime: configuration.deviceCodeLifetime,
            interval: configuration.deviceCodePollingInterval,
            perAddress: limits.deviceAuthorizationsPerAddress,
            capacity: limits.deviceAuthorizations,
            environment: environment
        )
        codes = AuthorizationCodes(
            lifetime: configuration.authorizationCodeLifetime, retention: limits.authorizationCodeRetention,
            perAccount: limits.authorizationCodesPerAccount, perAddress: limits.authorizationCodesPerAddress,
            capacity: limits.authorizationCodes, environment: environment)
        pushedRequests = PushedAuthorizationRequests(
            lifetime: limits.pushedRequestLifetime, perAddress: limits.pushedRequestsPerAddress,
            capacity: limits.pushedRequests, forgottenRetention: limits.forgottenPushedRequestRetention,
            forgottenPerAddress: limits.forgottenPushedRequestsPerAddress,
            forgottenCapacity: limits.forgottenPushedRequests, environment: environment)
        signInThrottle = SignInThrottle(limits: limits.passwordAttempts, environment: environment)
        userCodeThrottle = UserCodeThrottle(limits: limits.userCodeAttempts, environment: environment)
        self.limits = limits
        origin = PublicOrigin(
            configuration.publicURL.flatMap(ServerConfiguration.publicOrigin(parsing:))
                ?? PublicOrigin.origin(host: configuration.host, port: configuration.port))
        passwordGrantEnabled = configuration.passwordGrantEnabled
        pushedRequestPolicy = configuration.pushedAuthorizationRequests
        introspectionEnabled = configuration.introspectionClient != nil
    }

    /// The verification page, where a person enters a user code.
    var verificationURI: String { origin.url(ServerConfiguration.deviceVerificationPagePath) }

    /// Password sign-ins against `accounts`, throttled.
    func passwordSignIn(_ accounts: AccountDirectory) -> PasswordSignIn {
        PasswordSignIn(accounts: accounts, throttle: signInThrottle)
    }

    /// A new table of sign-in form tokens bound to `Binding`, within the limits.
    func formTokens<Binding: Sendable>(for binding: Binding.Type, environment: ServerEnvironment) -> FormTokens<Binding>
    {
        FormTokens(perAddress: limits.formTokensPerAddress, capacity: limits.formTokens, environment: environment)
    }
}
