import AuthorizationServerAPI

extension Components.Schemas.AuthorizationServerMetadata {
    /// The grant type of RFC 8628 §3.4.
    static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// The metadata document (RFC 8414 §2) of a server at `origin`; it names the introspection endpoint only when a
    /// client may call it, the DPoP algorithms (RFC 9449 §5.1) only when the server takes proofs, and the PAR
    /// endpoint (RFC 9126 §5) unless `pushedRequests` keeps it unpublished.
    init(
        origin: PublicOrigin, passwordGrantEnabled: Bool, introspectionEnabled: Bool,
        dpopSigningAlgorithms: [String]? = nil, pushedRequests: PushedAuthorizationRequestPolicy = .optional
    ) {
        let api = ServerConfiguration.basePath
        self.init(
            issuer: origin.issuer,
            authorizationEndpoint: origin.url(ServerConfiguration.authorizationPagePath),
            tokenEndpoint: origin.url("\(api)/oauth/token"),
            deviceAuthorizationEndpoint: origin.url("\(api)/oauth/device_authorization"),
            revocationEndpoint: origin.url("\(api)/oauth/revoke"),
            introspectionEndpoint: introspectionEnabled ? origin.url("\(api)/oauth/introspect") : nil,
            grantTypesSupported: ["authorization_code", Self.deviceCodeGrantType, "refresh_token"]
                + (passwordGrantEnabled ? ["password"] : []),
            responseTypesSupported: ["code"],
            codeChallengeMethodsSupported: ["S256"],
            tokenEndpointAuthMethodsSupported: ["none"],
            revocationEndpointAuthMethodsSupported: ["none"],
            authorizationResponseIssParameterSupported: true,
            dpopSigningAlgValuesSupported: dpopSigningAlgorithms,
            pushedAuthorizationRequestEndpoint: pushedRequests == .unpublished ? nil : origin.url("\(api)/oauth/par"),
            requirePushedAuthorizationRequests: pushedRequests == .required ? true : nil
        )
    }
}
