import APIClient
import Foundation

/// Reads RFC 8414 metadata through the generated `getAuthorizationServerMetadata` operation and checks it before
/// anything in it is used: the issuer must be the origin of the server URL (RFC 8414 §3.3), and the sign-in page must
/// be on that origin, over TLS or to a loopback IP literal.
///
/// It asks in two places, in this order:
/// 1. the origin's root, `/.well-known/oauth-authorization-server`, where RFC 8414 §3 places the metadata of an issuer
///    that is the origin: what independent authorization servers publish;
/// 2. under the API's base path, where servers built from this repository's spec also publish a copy; asked only when
///    the root has none and the server URL has a base path (without one, both are the same URL).
///
/// "None" at the root is a 404, or an answer that is not a metadata document (a page, or JSON of another shape): the
/// root of an origin often belongs to a web site that answers every path. Under the base path, only a 404 is none. A
/// document whose issuer or sign-in page fails the checks is refused wherever it was found. Any other failure is
/// thrown and the next place is not asked, so a server that is down is reported as down rather than as publishing no
/// metadata.
///
/// Give it clients like the token endpoint's: no authorisation middleware, no redirects, bounded responses.
public struct AuthorizationServerDiscovery: AuthorizationServerDiscovering {
    private let originRoot: any APIProtocol
    private let apiBase: any APIProtocol
    private let serverURL: URL

    /// - Parameters:
    ///   - originRoot: a client whose server URL is the origin of `serverURL` with no path.
    ///   - apiBase: a client whose server URL is `serverURL`.
    ///   - serverURL: the API's base URL; its origin is the issuer the metadata must name.
    public init(originRoot: any APIProtocol, apiBase: any APIProtocol, serverURL: URL) {
        self.originRoot = originRoot
        self.apiBase = apiBase
        self.serverURL = serverURL
    }

    /// The server URL's origin with no path: where `originRoot`'s client must point.
    public static func originRoot(of serverURL: URL) -> URL {
        var components = URLComponents(url: serverURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = ""
        components.query = nil
        components.fragment = nil
        return components.url ?? serverURL
    }

    public func metadata() async throws(AuthorizationServerMetadataError) -> AuthorizationServerMetadata? {
        if let document = try await document(from: originRoot, isOriginRoot: true) {
            return try check(document)
        }
        guard let origin = try? ServerOrigin(serverURL), !origin.basePath.isEmpty,
            let document = try await document(from: apiBase, isOriginRoot: false)
        else { return nil }
        return try check(document)
    }

    /// The document `api` serves, or `nil` when it serves none there.
    private func document(
        from api: any APIProtocol, isOriginRoot: Bool
    ) async throws(AuthorizationServerMetadataError) -> Components.Schemas.AuthorizationServerMetadata? {
        let output: Operations.GetAuthorizationServerMetadata.Output
        do {
            output = try await api.getAuthorizationServerMetadata(.init())
        } catch {
            let failure = TokenEndpoint.classify(error)
            if isOriginRoot, failure == .malformedResponse(.notJSON) { return nil }
            throw .request(failure)
        }
        switch output {
        case .ok(let ok):
            guard case .json(let document) = ok.body else {
                if isOriginRoot { return nil }
                throw .request(.malformedResponse(.notJSON))
            }
            return document
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
