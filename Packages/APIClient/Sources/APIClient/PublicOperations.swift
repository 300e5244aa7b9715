/// The operations that the spec marks `security: []`.
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
    ]

    /// Whether `operationID` is public, i.e. must be sent without credentials.
    public static func contains(_ operationID: String) -> Bool {
        operationIDs.contains(operationID)
    }
}
