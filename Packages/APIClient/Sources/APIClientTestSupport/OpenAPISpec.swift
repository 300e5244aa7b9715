import Foundation
import Yams

/// `openapi/openapi.yaml` (the Stories API) and `openapi/authorization-server.yaml`, read the way a test needs them:
/// the facts the generator drops. The client's tests and the reference server's read the same files.
public enum OpenAPISpec {
    /// The repository's root is five levels up from this file: `Packages/APIClient/Sources/APIClientTestSupport/`.
    static let openAPIDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("openapi")

    /// The Stories API's contract.
    public static let url = openAPIDirectory.appendingPathComponent("openapi.yaml")
    /// The reference authorization server's contract.
    public static let authorizationServerURL = openAPIDirectory.appendingPathComponent("authorization-server.yaml")

    public static func document(at url: URL = url) throws -> [String: Any] {
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let document = try Yams.load(yaml: text) as? [String: Any] else { throw MalformedSpec() }
        return document
    }

    /// The `servers` entries, in YAML order.
    public static func servers() throws -> [[String: Any]] {
        guard let servers = try document()["servers"] as? [[String: Any]] else { throw MalformedSpec() }
        return servers
    }

    /// Every operationId, and those whose `security` does not accept the bearer token (`security: []`, or only
    /// another scheme, such as the introspection client's Basic authentication).
    public static func operationIDs(
        at url: URL = url
    ) throws -> (all: Set<String>, withoutBearerToken: Set<String>) {
        let paths = try paths(at: url)
        var all: Set<String> = []
        var open: Set<String> = []
        for item in paths.values {
            for value in item.values {
                guard let operation = value as? [String: Any], let id = operation["operationId"] as? String else {
                    continue
                }
                all.insert(id)
                if let security = operation["security"] as? [[String: Any]],
                    !security.contains(where: { $0["bearerAuth"] != nil })
                {
                    open.insert(id)
                }
            }
        }
        return (all, open)
    }

    /// The path items by path.
    public static func paths(at url: URL = url) throws -> [String: [String: Any]] {
        guard let paths = try document(at: url)["paths"] as? [String: [String: Any]] else { throw MalformedSpec() }
        return paths
    }

    struct MalformedSpec: Error {}
}
