import Foundation

/// What an authorization server says about itself (RFC 8414 §2), after `AuthorizationServerDiscovery` checked it.
public struct AuthorizationServerMetadata: Sendable, Equatable {
    /// The issuer identifier, as redirects name it in `iss` (RFC 9207): identical to the one the document was looked
    /// up for.
    public var issuer: String
    /// The sign-in page.
    public var authorizationEndpoint: URL?
    public var tokenEndpoint: URL
    public var deviceAuthorizationEndpoint: URL?
    public var revocationEndpoint: URL?
    /// The grant types listed; RFC 8414 §2 reads an omitted list as `authorization_code` and `implicit`.
    public var grantTypesSupported: [String]
    /// The PKCE methods listed; none when omitted (RFC 8414 §2: the server does not support PKCE).
    public var codeChallengeMethodsSupported: [String]
    /// `authorization_response_iss_parameter_supported`: every redirect carries `iss` (RFC 9207 §3).
    public var sendsIssuerInRedirects: Bool
    /// `dpop_signing_alg_values_supported` (RFC 9449 §5.1): empty when the server does not take DPoP proofs.
    public var dpopSigningAlgorithms: [String]
    /// Where authorization requests are pushed (RFC 9126 §5), so that the sign-in page's URL carries only a one-time
    /// reference.
    public var pushedAuthorizationRequestEndpoint: URL?
    /// `require_pushed_authorization_requests`: the sign-in page accepts only pushed requests (RFC 9126 §5).
    public var requiresPushedAuthorizationRequests: Bool

    public init(
        issuer: String, authorizationEndpoint: URL?, tokenEndpoint: URL, deviceAuthorizationEndpoint: URL? = nil,
        revocationEndpoint: URL? = nil, grantTypesSupported: [String], codeChallengeMethodsSupported: [String],
        sendsIssuerInRedirects: Bool = false, dpopSigningAlgorithms: [String] = [],
        pushedAuthorizationRequestEndpoint: URL? = nil, requiresPushedAuthorizationRequests: Bool = false
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.grantTypesSupported = grantTypesSupported
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
        self.sendsIssuerInRedirects = sendsIssuerInRedirects
        self.dpopSigningAlgorithms = dpopSigningAlgorithms
        self.pushedAuthorizationRequestEndpoint = pushedAuthorizationRequestEndpoint
        self.requiresPushedAuthorizationRequests = requiresPushedAuthorizationRequests
    }

    /// What a redirect from this server's sign-in page must say in `iss` (RFC 9207).
    public var expectedIssuer: ExpectedIssuer {
        ExpectedIssuer(issuer, isRequired: sendsIssuerInRedirects)
    }

    /// The grant type of RFC 8628 §3.4.
    public static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// Whether browser sign-in as this client does it can work: a sign-in page, the authorization code grant, S256.
    public var offersBrowserSignIn: Bool {
        authorizationEndpoint != nil && grantTypesSupported.contains("authorization_code")
            && codeChallengeMethodsSupported.contains(PKCE.method)
    }

    /// Whether device sign-in can work: the grant is listed and so is the endpoint that starts it (RFC 8628 §4).
    public var offersDeviceSignIn: Bool {
        deviceAuthorizationEndpoint != nil && grantTypesSupported.contains(Self.deviceCodeGrantType)
    }

    /// This server's endpoints, for tokens meant for `resource` (RFC 8707), if the API named itself.
    public func authorizationServer(resource: String?) -> AuthorizationServer {
        AuthorizationServer(
            issuer: issuer, tokenEndpoint: tokenEndpoint, deviceAuthorizationEndpoint: deviceAuthorizationEndpoint,
            revocationEndpoint: revocationEndpoint, resource: resource,
            dpopSigningAlgorithms: dpopSigningAlgorithms)
    }
}

/// Where an API's tokens come from, as discovery found it.
public struct DiscoveredAuthorizationServer: Sendable, Equatable {
    /// The authorization server's checked metadata; `nil` when neither the API nor its origin published any, and the
    /// contract's endpoints under the API's base URL are used.
    public var metadata: AuthorizationServerMetadata?
    /// The endpoints to use, and the resource the tokens are for.
    public var server: AuthorizationServer

    public init(metadata: AuthorizationServerMetadata?, server: AuthorizationServer) {
        self.metadata = metadata
        self.server = server
    }
}

/// Why an authorization server's metadata was not used. None of these carries anything secret.
public enum AuthorizationServerMetadataError: Error, Equatable, Sendable {
    /// The document names another issuer than the one it was looked up for (RFC 8414 §3.3): a mix-up, or a server
    /// configured with another public URL.
    case issuerMismatch(expected: String, received: String)
    /// An endpoint or issuer that is not an absolute URL, or would be plain HTTP to another machine.
    case untrustedEndpoint(String)
    /// The API's protected-resource metadata describes another resource than the API's URL (RFC 9728 §3.3).
    case resourceMismatch(expected: String, received: String)
    /// The API names an authorization server that publishes no metadata at any of the places RFC 8414 §3.1 and
    /// OpenID Connect Discovery put it.
    case noMetadata(issuer: String)
    /// The request failed.
    case request(TokenEndpointError)
}

/// Finds where an API's tokens come from (a seam, so a flow can be tested without a server).
public protocol AuthorizationServerDiscovering: Sendable {
    /// The API's authorization server: its checked metadata and endpoints, or the contract's endpoints when none
    /// is published.
    func discover() async throws(AuthorizationServerMetadataError) -> DiscoveredAuthorizationServer
}
