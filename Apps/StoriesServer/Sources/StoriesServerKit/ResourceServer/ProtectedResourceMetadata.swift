import StoriesServerAPI

extension Components.Schemas.ProtectedResourceMetadata {
    /// The metadata document (RFC 9728 §2) of this API at `origin`, naming the issuers whose tokens it accepts.
    /// Tokens travel in the `Authorization` header only (RFC 6750 §2.1); the API defines no scopes. With DPoP, the
    /// algorithms it takes in proofs, and whether it takes DPoP-bound tokens only (RFC 9728 §2).
    init(
        origin: PublicOrigin, authorizationServers: [String], dpopSigningAlgorithms: [String]? = nil,
        dpopRequired: Bool = false
    ) {
        self.init(
            resource: ProtectedResourceLocation.resource(at: origin),
            authorizationServers: authorizationServers,
            bearerMethodsSupported: ["header"],
            resourceName: "Stories API",
            dpopSigningAlgValuesSupported: dpopSigningAlgorithms,
            dpopBoundAccessTokensRequired: dpopRequired ? true : nil
        )
    }
}
