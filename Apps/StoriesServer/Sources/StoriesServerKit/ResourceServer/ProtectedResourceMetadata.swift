import StoriesServerAPI

extension Components.Schemas.ProtectedResourceMetadata {
    /// The metadata document (RFC 9728 §2) of this API at `origin`, naming the issuers whose tokens it accepts.
    /// Tokens travel in the `Authorization` header only (RFC 6750 §2.1); the API defines no scopes.
    init(origin: PublicOrigin, authorizationServers: [String]) {
        self.init(
            resource: ProtectedResourceLocation.resource(at: origin),
            authorizationServers: authorizationServers,
            bearerMethodsSupported: ["header"],
            resourceName: "Stories API"
        )
    }
}
