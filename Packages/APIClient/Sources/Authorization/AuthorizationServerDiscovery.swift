import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Reads RFC 8414 metadata through the generated `getAuthorizationServerMetadata` operation and checks it before
/// anything in it is used: the issuer must be the origin of the server URL (RFC 8414 §3.3), and the sign-in page must
/// be on that origin, over TLS or to a loopback IP literal.
///
/// It asks in two places, in this order:
/// 1. the origin's root, `/.well-known/oauth-authorization-server`, where RFC 8414 §3 places the metadata of an issuer
///    that is the origin: what independent authorization servers publish;
/// 2. under the API's base path, where servers built from this repository's spec also publish a copy; asked only when
///    the root has none of this API's and the server URL has a base path. Without a base path both are the same URL,
///    asked once, under the API's rules.
///
/// The root of an origin often belongs to a web site or another application, so at the root "none" is more than a
/// 404: a redirect, a refusal (any 4xx but 408 and 429), a page that is not JSON, or a document whose
/// `token_endpoint` is not this API's (another application's authorization server, whose codes this API's token
/// endpoint could not redeem). JSON that is not a metadata document at all is reported unless the copy under the base
/// path answers for it. Under the base path only a 404 is none. A document whose issuer or sign-in page fails the
/// checks is refused wherever it was found. Any other failure (a 5xx, 408, 429, a response too large or too slow, no
/// connection) is thrown and the next place is not asked, so a server that is down is reported as down rather than
/// as publishing no metadata.
///
/// Give it clients like the token endpoint's: no authorisation middleware, no redirects, bounded responses.
public struct AuthorizationServerDiscovery: AuthorizationServerDiscovering {
    private let rootClient: any APIProtocol
    private let basePathClient: any APIProtocol
    private let serverURL: URL

    /// - Parameters:
    ///   - rootClient: a client whose server URL is ``rootURL(of:)`` of `serverURL`.
    ///   - basePathClient: a client whose server URL is `serverURL`.
    ///   - serverURL: the API's base URL; its origin is the issuer the metadata must name.
    public init(rootClient: any APIProtocol, basePathClient: any APIProtocol, serverURL: URL) {
        self.rootClient = rootClient
        self.basePathClient = basePathClient
        self.serverURL = serverURL
    }

    /// The origin of `serverURL` with no path, query or fragment: where the root client must point.
    public static func rootURL(of serverURL: URL) -> URL {
        var components = URLComponents(url: serverURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = ""
        components.query = nil
        components.fragment = nil
        return components.url ?? serverURL
    }

    public func metadata() async throws(AuthorizationServerMetadataError) -> AuthorizationServerMetadata? {
        guard let origin = try? ServerOrigin(serverURL) else { throw .untrustedEndpoint(serverURL.absoluteString) }
        guard !origin.basePath.isEmpty else {
            return try await answer(from: basePathClient, at: .underBasePath).document.map(check)
        }
        let root = try await answer(from: rootClient, at: .originRoot)
        if let document = root.document, names(tokenEndpointOf: origin, document) { return try check(document) }
        switch try await answer(from: basePathClient, at: .underBasePath) {
        case .document(let document): return try check(document)
        case .notMetadata(let failure): throw .request(failure)
        case .none:
            if case .notMetadata(let failure) = root { throw .request(failure) }
            return nil
        }
    }

    /// Where a document is asked for; the two places differ in what counts as "none".
    private enum Location {
        case originRoot
        case underBasePath
    }

    /// What one place answered.
    private enum Answer {
        case document(Components.Schemas.AuthorizationServerMetadata)
        /// Nothing that could be this API's metadata.
        case none
        /// JSON that is not a metadata document: reported if no other place has one.
        case notMetadata(TokenEndpointError)

        var document: Components.Schemas.AuthorizationServerMetadata? {
            if case .document(let document) = self { document } else { nil }
        }
    }

    private func answer(
        from api: any APIProtocol, at location: Location
    ) async throws(AuthorizationServerMetadataError) -> Answer {
        let output: Operations.GetAuthorizationServerMetadata.Output
        do {
            output = try await api.getAuthorizationServerMetadata(.init())
        } catch {
            let failure = TokenEndpoint.classify(error)
            guard location == .originRoot, failure == .malformedResponse(.notJSON) else { throw .request(failure) }
            // The generated client refused the body: a page at the root is none; JSON of another shape is reported
            // unless the copy under the base path answers for it.
            return Self.isJSON((error as? ClientError)?.response) ? .notMetadata(failure) : .none
        }
        switch output {
        case .ok(let ok):
            // The operation's only body is JSON: any other content type was refused above, as a decoding failure.
            switch ok.body {
            case .json(let document): return .document(document)
            }
        case .undocumented(404, _): return .none
        case .undocumented(let status, _)
        where location == .originRoot && (300...499).contains(status) && status != 408 && status != 429:
            return .none
        case .undocumented(let status, let payload):
            throw .request(
                TokenEndpoint.mapUndocumented(status: status, headers: payload.headerFields, receivedAt: Date()))
        }
    }

    /// Whether `document`'s token endpoint is this API's (`oauth/token` under the server URL), the one this client
    /// sends codes and refresh tokens to.
    private func names(
        tokenEndpointOf origin: ServerOrigin, _ document: Components.Schemas.AuthorizationServerMetadata
    ) -> Bool {
        guard let url = URL(string: document.tokenEndpoint), url.query == nil, url.fragment == nil,
            let named = try? ServerOrigin(url)
        else { return false }
        return named.scheme == origin.scheme && named.host == origin.host && named.port == origin.port
            && named.basePath == origin.basePath + "/oauth/token"
    }

    /// Whether `response` says its body is JSON (`application/json`, parameters aside).
    private static func isJSON(_ response: HTTPResponse?) -> Bool {
        guard let type = response?.headerFields[.contentType] else { return false }
        let essence = type.split(separator: ";", maxSplits: 1).first ?? ""
        return essence.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
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
