/// The operations that the spec does not secure with the bearer token: `security: []`, and token introspection,
/// which a resource server authenticates to with its own client credentials.
///
/// The generator drops `security` from what it emits, so the list lives here and a test compares it with
/// `openapi/openapi.yaml`. Authorisation must never attach a token to these.
public enum PublicOperations {
    public static let operationIDs: Set<String> = [
        Operations.GetHealth.id,
        Operations.CreateToken.id,
        Operations.RevokeToken.id,
        Operations.RegisterUser.id,
        Operations.CreateDeviceAuthorization.id,
        Operations.GetAuthorizationServerMetadata.id,
        Operations.GetProtectedResourceMetadata.id,
        Operations.IntrospectToken.id,
        Operations.CreatePushedAuthorizationRequest.id,
    ]

    /// Whether `operationID` must be sent without the session's bearer token.
    public static func contains(_ operationID: String) -> Bool {
        operationIDs.contains(operationID)
    }
}
