import APIClient
import APIClientTestSupport
import Testing

/// Pins what the generator cannot carry from `openapi/openapi.yaml`: server order and `security: []`.
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
        #expect(operations.all.count == 12)
        #expect(PublicOperations.operationIDs == operations.withoutBearerToken)
    }
}
