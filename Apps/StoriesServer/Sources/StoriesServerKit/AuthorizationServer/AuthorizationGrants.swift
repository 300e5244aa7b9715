/// The state of the grants a person approves in a browser, shared by the token endpoint and the HTML pages.
struct AuthorizationGrants: Sendable {
    let devices: DeviceAuthorizations
    let codes: AuthorizationCodes
    let origin: PublicOrigin
    let passwordGrantEnabled: Bool
    /// Whether a client may introspect tokens here (RFC 7662): the metadata names the endpoint only then.
    let introspectionEnabled: Bool

    /// - Parameter deviceCapacity: how many device authorizations may be outstanding at once.
    init(configuration: ServerConfiguration, environment: ServerEnvironment, deviceCapacity: Int = 10_000) {
        devices = DeviceAuthorizations(
            lifetime: configuration.deviceCodeLifetime,
            interval: configuration.deviceCodePollingInterval,
            capacity: deviceCapacity,
            environment: environment
        )
        codes = AuthorizationCodes(lifetime: configuration.authorizationCodeLifetime, environment: environment)
        origin = PublicOrigin(
            configuration.publicURL.flatMap(ServerConfiguration.publicOrigin(parsing:))
                ?? PublicOrigin.origin(host: configuration.host, port: configuration.port))
        passwordGrantEnabled = configuration.passwordGrantEnabled
        introspectionEnabled = configuration.introspectionClient != nil
    }

    /// The verification page, where a person enters a user code.
    var verificationURI: String { origin.url(ServerConfiguration.deviceVerificationPagePath) }
}
