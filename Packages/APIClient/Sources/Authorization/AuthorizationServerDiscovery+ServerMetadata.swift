import AuthorizationServerClient
import Foundation

/// The authorization server's half of discovery: its RFC 8414 metadata document, read through the authorization
/// server's generated client (openapi/authorization-server.yaml) and checked before anything in it is used.
extension AuthorizationServerDiscovery {
    /// A client of the authorization server whose `getAuthorizationServerMetadata` goes to exactly the URL given.
    public typealias ServerMetadataClient = @Sendable (URL) -> any APIProtocol

    func authorizationServerDocument(
        at location: URL
    ) async throws(AuthorizationServerMetadataError) -> Components.Schemas.AuthorizationServerMetadata? {
        let output: Operations.GetAuthorizationServerMetadata.Output
        do {
            output = try await serverMetadataClient(location).getAuthorizationServerMetadata(.init())
        } catch {
            return try Self.nothingHere(unless: error)
        }
        switch output {
        case .ok(let ok):
            switch ok.body {
            case .json(let document): return document
            }
        case .undocumented(let status, let payload):
            return try Self.nothingHere(status: status, headers: payload.headerFields)
        }
    }

    /// Whether `document`'s token endpoint is this API's (`oauth/token` under the server URL).
    static func names(
        tokenEndpointOf origin: ServerOrigin, _ document: Components.Schemas.AuthorizationServerMetadata
    ) -> Bool {
        guard let url = URL(string: document.tokenEndpoint), url.query == nil, url.fragment == nil,
            let named = try? ServerOrigin(url)
        else { return false }
        return named.scheme == origin.scheme && named.host == origin.host && named.port == origin.port
            && named.basePath == origin.basePath + "/oauth/token"
    }

    /// The document's endpoints, each an absolute URL without a fragment that credentials may travel to (RFC 8414
    /// §2: over TLS; here also plain HTTP to a loopback IP literal).
    static func checked(
        _ document: Components.Schemas.AuthorizationServerMetadata
    ) throws(AuthorizationServerMetadataError) -> AuthorizationServerMetadata {
        func endpoint(_ text: String?) throws(AuthorizationServerMetadataError) -> URL? {
            guard let text else { return nil }
            guard let url = URL(string: text), url.fragment == nil, let target = try? ServerOrigin(url),
                target.allowsCredentials
            else { throw .untrustedEndpoint(text) }
            return url
        }
        guard let tokenEndpoint = try endpoint(document.tokenEndpoint) else {
            throw .untrustedEndpoint(document.tokenEndpoint)
        }
        return AuthorizationServerMetadata(
            issuer: document.issuer,
            authorizationEndpoint: try endpoint(document.authorizationEndpoint),
            tokenEndpoint: tokenEndpoint,
            deviceAuthorizationEndpoint: try endpoint(document.deviceAuthorizationEndpoint),
            revocationEndpoint: try endpoint(document.revocationEndpoint),
            grantTypesSupported: document.grantTypesSupported ?? ["authorization_code", "implicit"],
            codeChallengeMethodsSupported: document.codeChallengeMethodsSupported ?? [],
            sendsIssuerInRedirects: document.authorizationResponseIssParameterSupported ?? false,
            dpopSigningAlgorithms: document.dpopSigningAlgValuesSupported ?? [],
            pushedAuthorizationRequestEndpoint: try endpoint(document.pushedAuthorizationRequestEndpoint),
            requiresPushedAuthorizationRequests: document.requirePushedAuthorizationRequests ?? false)
    }
}
