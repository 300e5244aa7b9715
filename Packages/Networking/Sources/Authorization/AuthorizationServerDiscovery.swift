import APIClient
import Foundation

/// Reads RFC 8414 metadata through the generated `getAuthorizationServerMetadata` operation (under the API's base
/// path, where the server publishes a copy for clients generated from the spec) and checks it before anything in it
/// is used: the issuer must be the origin of the server URL (RFC 8414 §3.3), and the sign-in page must be on that
/// origin, over TLS or to a loopback IP literal.
///
/// Give it the token endpoint's client: no authorisation middleware, no redirects, bounded responses.
public struct AuthorizationServerDiscovery: AuthorizationServerDiscovering {
    private let api: any APIProtocol
    private let serverURL: URL

    public init(api: any APIProtocol, serverURL: URL) {
        self.api = api
        self.serverURL = serverURL
    }

    public func metadata() async throws(AuthorizationServerMetadataError) -> AuthorizationServerMetadata? {
        let output: Operations.GetAuthorizationServerMetadata.Output
        do {
            output = try await api.getAuthorizationServerMetadata(.init())
        } catch {
            throw .request(TokenEndpoint.classify(error))
        }
        switch output {
        case .ok(let ok):
            guard case .json(let document) = ok.body else { throw .request(.malformedResponse(.notJSON)) }
            return try check(document)
        case .undocumented(404, _):
            return nil
        case .undocumented(let status, let payload):
            throw .request(
                TokenEndpoint.mapUndocumented(status: status, headers: payload.headerFields, receivedAt: Date()))
        }
    }

    func check(
        _ document: Components.Schemas.AuthorizationServerMetadata
    ) throws(AuthorizationServerMetadataError) -> AuthorizationServerMetadata {
        guard let origin = try? ServerOrigin(serverURL) else {
            throw .untrustedEndpoint(serverURL.absoluteString)
        }
        let expected = Self.issuer(of: origin)
        guard let url = URL(string: document.issuer), let named = try? ServerOrigin(url), named.basePath.isEmpty,
            Self.issuer(of: named) == expected, !document.issuer.hasSuffix("/"), url.query == nil, url.fragment == nil
        else { throw .issuerMismatch(expected: expected, received: document.issuer) }
        var endpoint: URL?
        if let text = document.authorizationEndpoint {
            guard let url = URL(string: text), let target = try? ServerOrigin(url), target.scheme == origin.scheme,
                target.host == origin.host, target.port == origin.port, target.allowsCredentials
            else { throw .untrustedEndpoint(text) }
            endpoint = url
        }
        return AuthorizationServerMetadata(
            issuer: document.issuer, authorizationEndpoint: endpoint,
            grantTypesSupported: document.grantTypesSupported ?? ["authorization_code", "implicit"],
            codeChallengeMethodsSupported: document.codeChallengeMethodsSupported ?? [])
    }

    /// `scheme://host[:port]`, the default port left out: an issuer identifier with no path.
    static func issuer(of origin: ServerOrigin) -> String {
        var components = URLComponents()
        components.scheme = origin.scheme
        components.host = origin.host
        components.port = origin.port == (origin.scheme == "https" ? 443 : 80) ? nil : origin.port
        return components.url?.absoluteString ?? origin.key
    }
}
