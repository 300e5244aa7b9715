import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Finds the authorization server an API trusts and reads its metadata, as the standards say, checking everything in
/// it before anything is used.
///
/// 1. **The API names it** (RFC 9728): the API's protected-resource metadata, at its well-known location for the
///    API's URL, or, when nothing is there, at the URL a 401 names in `resource_metadata` (RFC 9728 §5.1). Its
///    `resource` must be the API's URL (§3.3). The first authorization server it lists whose metadata can be read is
///    used, and the API's `resource` is sent as an RFC 8707 indicator with every authorization and token request.
/// 2. **That issuer's metadata**, at each place `WellKnownLocations.authorizationServerMetadata(of:)` lists in turn:
///    a document that names another issuer is skipped (RFC 8414 §3.3), never used.
/// 3. **No protected-resource metadata**: the API's origin is taken as the issuer, as before RFC 9728. Its metadata is
///    read at the origin's root and then under the API's base path, where servers built from this repository's
///    spec also publish a copy. The root of an origin often belongs to a web site or another application, so there a
///    document counts only if its `token_endpoint` is this API's: without RFC 9728 nothing else says that another
///    application's authorization server is this API's. Being the API's own, an endpoint it leaves out is where the
///    contract puts it; an authorization server the API names is only ever asked where its metadata says.
/// 4. **Nothing published**: the contract's endpoints under the API's base URL.
///
/// What counts as "nothing here": a 404, a redirect, a refusal (any 4xx but 408 and 429), a body that is not a
/// metadata document. Any other failure (a 5xx, 408, 429, a response too large or too slow, no connection) is thrown
/// and the next place is not asked, so a server that is down is reported as down rather than as publishing nothing.
///
/// Give it clients like the token endpoint's: no authorisation middleware, no redirects, bounded responses.
public struct AuthorizationServerDiscovery: AuthorizationServerDiscovering {
    /// A client of the Stories API whose `getProtectedResourceMetadata` goes to exactly the URL given.
    public typealias ResourceMetadataClient = @Sendable (URL) -> any APIProtocol

    private let serverURL: URL
    private let api: any APIProtocol
    private let resourceMetadataClient: ResourceMetadataClient
    let serverMetadataClient: ServerMetadataClient
    private let cache: AuthorizationServerMetadataCache?

    /// - Parameters:
    ///   - serverURL: the API's base URL: the resource whose authorization server is looked for.
    ///   - api: the API without authorisation, asked once for a 401 that names the API's metadata.
    ///   - resourceMetadataClient: makes the client that reads the API's protected-resource metadata at a URL.
    ///   - serverMetadataClient: makes the client that reads an authorization server's metadata at a URL.
    ///   - cache: keeps each issuer's metadata for a while, so that a long-lived app does not ask for every sign-in.
    public init(
        serverURL: URL, api: any APIProtocol, resourceMetadataClient: @escaping ResourceMetadataClient,
        serverMetadataClient: @escaping ServerMetadataClient, cache: AuthorizationServerMetadataCache? = nil
    ) {
        self.serverURL = serverURL
        self.api = api
        self.resourceMetadataClient = resourceMetadataClient
        self.serverMetadataClient = serverMetadataClient
        self.cache = cache
    }

    public func discover() async throws(AuthorizationServerMetadataError) -> DiscoveredAuthorizationServer {
        guard let origin = try? ServerOrigin(serverURL) else {
            throw .untrustedEndpoint(serverURL.absoluteString)
        }
        let resource = try await protectedResourceMetadata(of: origin.url)
        if let resource, let issuers = resource.authorizationServers, !issuers.isEmpty {
            return try await firstUsable(of: issuers, resource: resource.resource)
        }
        let indicator = resource?.resource
        if let metadata = try await originMetadata(of: origin) {
            return .init(metadata: metadata, server: metadata.authorizationServer(resource: indicator))
        }
        var server = AuthorizationServer.contract(of: origin)
        server.resource = indicator
        return .init(metadata: nil, server: server)
    }

    // MARK: RFC 9728

    /// The API's protected-resource metadata, at its well-known location or where a 401 points; `nil` when neither
    /// has any.
    private func protectedResourceMetadata(
        of resource: URL
    ) async throws(AuthorizationServerMetadataError) -> Components.Schemas.ProtectedResourceMetadata? {
        let expected = resource.absoluteString
        if let location = WellKnownLocations.protectedResourceMetadata(of: resource),
            let document = try await protectedResourceDocument(at: location)
        {
            return try checked(document, expected: expected)
        }
        guard let named = try await locationNamedByChallenge() else { return nil }
        guard let document = try await protectedResourceDocument(at: named) else { return nil }
        return try checked(document, expected: expected)
    }

    private func checked(
        _ document: Components.Schemas.ProtectedResourceMetadata, expected: String
    ) throws(AuthorizationServerMetadataError) -> Components.Schemas.ProtectedResourceMetadata {
        guard document.resource == expected else {
            throw .resourceMismatch(expected: expected, received: document.resource)
        }
        return document
    }

    private func protectedResourceDocument(
        at location: URL
    ) async throws(AuthorizationServerMetadataError) -> Components.Schemas.ProtectedResourceMetadata? {
        let output: Operations.GetProtectedResourceMetadata.Output
        do {
            output = try await resourceMetadataClient(location).getProtectedResourceMetadata(.init())
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

    /// The `resource_metadata` URL of the API's answer to a request without a token (RFC 9728 §5.1), if it is one
    /// credentials may travel to: a document fetched over plain HTTP from another machine could name any server.
    private func locationNamedByChallenge() async throws(AuthorizationServerMetadataError) -> URL? {
        let challenge: String?
        do {
            switch try await api.getCurrentUser(.init()) {
            case .unauthorized(let unauthorized): challenge = unauthorized.headers.wwwAuthenticate
            default: challenge = nil
            }
        } catch {
            // A 401 whose body is not the contract's problem document still has its header.
            guard let response = (error as? ClientError)?.response else {
                let failure = TokenEndpoint.classify(error)
                guard failure == .malformedResponse(.notJSON) else { throw .request(failure) }
                return nil
            }
            challenge = response.status == .unauthorized ? response.headerFields[.wwwAuthenticate] : nil
        }
        guard let challenge, let text = BearerChallenge.parameter("resource_metadata", in: challenge),
            let url = URL(string: text), let target = try? ServerOrigin(url), target.allowsCredentials
        else { return nil }
        return url
    }

    // MARK: RFC 8414 and OpenID Connect Discovery

    /// The metadata of the first of `issuers` that has usable metadata. A server that is down is reported at once;
    /// when none has any, the first issuer's reason is.
    private func firstUsable(
        of issuers: [String], resource: String
    ) async throws(AuthorizationServerMetadataError) -> DiscoveredAuthorizationServer {
        var firstFailure: AuthorizationServerMetadataError?
        for issuer in issuers {
            do {
                let metadata = try await metadata(ofIssuer: issuer)
                return .init(metadata: metadata, server: metadata.authorizationServer(resource: resource))
            } catch .request(let failure) {
                throw .request(failure)
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        throw firstFailure ?? .noMetadata(issuer: issuers[0])
    }

    /// `issuer`'s checked metadata, from the cache or from the first place that has a document naming it.
    func metadata(ofIssuer issuer: String) async throws(AuthorizationServerMetadataError) -> AuthorizationServerMetadata
    {
        guard let url = URL(string: issuer), url.query == nil, url.fragment == nil,
            let target = try? ServerOrigin(url), target.allowsCredentials
        else { throw .untrustedEndpoint(issuer) }
        if let cached = await cache?.metadata(ofIssuer: issuer) { return cached }
        var mismatch: AuthorizationServerMetadataError?
        for location in WellKnownLocations.authorizationServerMetadata(of: url) {
            guard let document = try await authorizationServerDocument(at: location) else { continue }
            guard document.issuer == issuer else {
                mismatch = mismatch ?? .issuerMismatch(expected: issuer, received: document.issuer)
                continue
            }
            let metadata = try Self.checked(document)
            await cache?.keep(metadata)
            return metadata
        }
        throw mismatch ?? .noMetadata(issuer: issuer)
    }

    /// Without RFC 9728: the metadata of the API's origin as its issuer, at the root, then under the base path.
    private func originMetadata(
        of origin: ServerOrigin
    ) async throws(AuthorizationServerMetadataError) -> AuthorizationServerMetadata? {
        let issuer = Self.issuer(of: origin)
        var locations: [URL] = []
        if let issuerURL = URL(string: issuer),
            let root = WellKnownLocations.inserting("/.well-known/oauth-authorization-server", into: issuerURL)
        {
            locations.append(root)
        }
        if !origin.basePath.isEmpty,
            let copy = WellKnownLocations.appending("/.well-known/oauth-authorization-server", to: origin.url)
        {
            locations.append(copy)
        }
        for (index, location) in locations.enumerated() {
            guard let document = try await authorizationServerDocument(at: location) else { continue }
            if index == 0, !origin.basePath.isEmpty, !Self.names(tokenEndpointOf: origin, document) { continue }
            guard document.issuer == issuer else {
                throw .issuerMismatch(expected: issuer, received: document.issuer)
            }
            // The API's own authorization server: an endpoint its metadata leaves out is where the API's contract
            // puts it (django-oauth-toolkit, for one, lists the device grant but not its endpoint).
            var metadata = try Self.checked(document)
            let contract = AuthorizationServer.contract(of: origin)
            metadata.deviceAuthorizationEndpoint =
                metadata.deviceAuthorizationEndpoint ?? contract.deviceAuthorizationEndpoint
            metadata.revocationEndpoint = metadata.revocationEndpoint ?? contract.revocationEndpoint
            return metadata
        }
        return nil
    }

    // MARK: Checks

    /// `nil` for an answer that says "nothing here"; any other status is thrown.
    static func nothingHere<T>(
        status: Int, headers: HTTPFields
    ) throws(AuthorizationServerMetadataError) -> T? {
        if (300...499).contains(status), status != 408, status != 429 { return nil }
        throw .request(TokenEndpoint.mapUndocumented(status: status, headers: headers, receivedAt: Date()))
    }

    /// `nil` when the generated client refused the body (a page, or JSON of another shape); any other failure is
    /// thrown.
    static func nothingHere<T>(unless error: any Error) throws(AuthorizationServerMetadataError) -> T? {
        let failure = TokenEndpoint.classify(error)
        guard failure == .malformedResponse(.notJSON) else { throw .request(failure) }
        return nil
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
