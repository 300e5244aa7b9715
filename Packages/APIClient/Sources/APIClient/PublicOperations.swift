/// The operations of the Stories API that the spec does not secure with the bearer token (`security: []`).
/// The authorization server's operations are another client's (`AuthorizationServerClient`), which has no
/// authorisation middleware at all.
///
/// The generator drops `security` from what it emits, so the list lives here and a test compares it with
/// `openapi/openapi.yaml`. Authorisation must never attach a token to these.
public enum PublicOperations {
    public static let operationIDs: Set<String> = [
        Operations.GetHealth.id,
        Operations.RegisterUser.id,
        Operations.GetProtectedResourceMetadata.id,
    ]

    /// Whether `operationID` must be sent without the session's bearer token.
    public static func contains(_ operationID: String) -> Bool {
        operationIDs.contains(operationID)
    }
}
