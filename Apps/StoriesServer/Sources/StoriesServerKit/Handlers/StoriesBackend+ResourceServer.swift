import OpenAPIRuntime
import StoriesServerAPI

// Not served yet: the server answers 404 as before these operations were in the contract. Issue 24 item 3 replaces
// both with RFC 9728 metadata and RFC 7662 introspection.
extension StoriesBackend {
    func getProtectedResourceMetadata(
        _ input: Operations.GetProtectedResourceMetadata.Input
    ) async throws -> Operations.GetProtectedResourceMetadata.Output {
        .undocumented(statusCode: 404, .init())
    }

    func introspectToken(_ input: Operations.IntrospectToken.Input) async throws -> Operations.IntrospectToken.Output {
        .undocumented(statusCode: 404, .init())
    }
}
