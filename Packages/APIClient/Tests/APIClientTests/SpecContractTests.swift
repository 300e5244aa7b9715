import APIClient
import APIClientTestSupport
import Testing

/// Pins what the generator cannot carry from `openapi/openapi.yaml`: server order and `security: []`; and that the
/// Stories API's contract describes the API alone.
@Suite("The spec and the hand-written API surface agree")
struct SpecContractTests {
    @Test(
        "Each named server maps to the spec's server at its position",
        arguments: [
            (APIServer.production, 0), (.staging, 1), (.local, 2),
        ])
    func namedServerMatchesSpec(server: APIServer, index: Int) throws {
        let servers = try OpenAPISpec.servers()
        #expect(servers.count == APIServer.allCases.count)
        #expect(try server.url().absoluteString == servers[index]["url"] as? String)
        #expect(server.summary == servers[index]["description"] as? String)
    }

    @Test("The client's public operation list is exactly the operations the spec does not secure with the bearer token")
    func publicOperationsMatchSpec() throws {
        let operations = try OpenAPISpec.operationIDs()
        #expect(operations.all.count == 6)
        #expect(PublicOperations.operationIDs == operations.withoutBearerToken)
    }

    @Test("The Stories API's contract has none of the authorization server's paths or operations")
    func contractDescribesTheAPIAlone() throws {
        let apiPaths = Set(try OpenAPISpec.paths().keys)
        let serverPaths = Set(try OpenAPISpec.paths(at: OpenAPISpec.authorizationServerURL).keys)
        #expect(!serverPaths.isEmpty)
        #expect(apiPaths.isDisjoint(with: serverPaths))
        #expect(!apiPaths.contains { $0.hasPrefix("/oauth") || $0 == "/.well-known/oauth-authorization-server" })
        let apiOperations = try OpenAPISpec.operationIDs().all
        let serverOperations = try OpenAPISpec.operationIDs(at: OpenAPISpec.authorizationServerURL).all
        #expect(
            serverOperations == [
                "createToken", "createDeviceAuthorization", "createPushedAuthorizationRequest",
                "getAuthorizationServerMetadata", "introspectToken", "revokeToken",
            ])
        #expect(apiOperations.isDisjoint(with: serverOperations))
    }
}
