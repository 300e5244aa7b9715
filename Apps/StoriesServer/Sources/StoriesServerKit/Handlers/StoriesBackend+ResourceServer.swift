import Foundation
import OpenAPIRuntime
import StoriesServerAPI

/// The API as a protected resource (RFC 9728).
extension StoriesBackend {
    func getProtectedResourceMetadata(
        _ input: Operations.GetProtectedResourceMetadata.Input
    ) async throws -> Operations.GetProtectedResourceMetadata.Output {
        let issuer =
            switch tokenIssuer {
            case .itself: grants.origin.issuer
            case .external(let issuer): issuer
            }
        return .ok(
            .init(
                body: .json(
                    .init(
                        origin: grants.origin, authorizationServers: [issuer],
                        dpopSigningAlgorithms: dpop.signingAlgorithms,
                        dpopRequired: dpop.mode == .required))))
    }
}
