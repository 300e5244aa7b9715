import APIClient
import Foundation
import Testing
import Yams

/// Pins what the generator cannot carry from `openapi/openapi.yaml`: server order and `security: []`.
@Suite("The spec and the hand-written API surface agree")
struct SpecContractTests {
    static let specURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("openapi/openapi.yaml")

    static func spec() throws -> [String: Any] {
        let text = try String(contentsOf: specURL, encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    @Test(
        "Each named server maps to the spec's server at its position",
        arguments: [
            (APIServer.production, 0), (.staging, 1), (.local, 2),
        ])
    func namedServerMatchesSpec(server: APIServer, index: Int) throws {
        let servers = try #require(try Self.spec()["servers"] as? [[String: Any]])
        #expect(servers.count == APIServer.allCases.count)
        #expect(try server.url().absoluteString == servers[index]["url"] as? String)
        #expect(server.summary == servers[index]["description"] as? String)
    }

    @Test("The public operation list is exactly the operations marked security: []")
    func publicOperationsMatchSpec() throws {
        let paths = try #require(try Self.spec()["paths"] as? [String: [String: Any]])
        var publicIDs: Set<String> = []
        var allIDs: Set<String> = []
        for (_, item) in paths {
            for (_, value) in item {
                guard let operation = value as? [String: Any], let id = operation["operationId"] as? String else {
                    continue
                }
                allIDs.insert(id)
                if let security = operation["security"] as? [Any], security.isEmpty { publicIDs.insert(id) }
            }
        }
        #expect(allIDs.count == 7)
        #expect(PublicOperations.operationIDs == publicIDs)
    }
}
