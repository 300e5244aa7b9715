import OpenAPIRuntime
import StoriesServerAPI

/// The API as a protected resource (RFC 9728), and token introspection (RFC 7662).
extension StoriesBackend {
    func getProtectedResourceMetadata(
        _ input: Operations.GetProtectedResourceMetadata.Input
    ) async throws -> Operations.GetProtectedResourceMetadata.Output {
        .ok(.init(body: .json(.init(origin: grants.origin, authorizationServers: [grants.origin.issuer]))))
    }

    // Not served yet: the server answers 404 as before the operation was in the contract.
    func introspectToken(_ input: Operations.IntrospectToken.Input) async throws -> Operations.IntrospectToken.Output {
        .undocumented(statusCode: 404, .init())
    }
}
