import Authorization
import Foundation

/// Discovery that answers as the test scripts it, counting the times it is asked.
struct ScriptedDiscovery: AuthorizationServerDiscovering {
    /// The API of the scripted services, at the origin `ScriptedSession` uses.
    static let origin = try! ServerOrigin(URL(string: "https://api.example.com/v1")!)

    var answer: Result<DiscoveredAuthorizationServer, AuthorizationServerMetadataError>

    /// Discovery of an API that publishes no metadata: the contract's endpoints.
    static let nothingPublished = ScriptedDiscovery(
        answer: .success(.init(metadata: nil, server: .contract(of: origin))))

    /// Discovery that finds `metadata`, for tokens meant for `resource`.
    static func publishing(_ metadata: AuthorizationServerMetadata, resource: String? = nil) -> ScriptedDiscovery {
        ScriptedDiscovery(
            answer: .success(.init(metadata: metadata, server: metadata.authorizationServer(resource: resource))))
    }

    static func failing(_ error: AuthorizationServerMetadataError) -> ScriptedDiscovery {
        ScriptedDiscovery(answer: .failure(error))
    }

    func discover() async throws(AuthorizationServerMetadataError) -> DiscoveredAuthorizationServer {
        try answer.get()
    }
}
