import Foundation

/// What an authorization server says about itself (RFC 8414 §2), after `AuthorizationServerDiscovery` checked it.
public struct AuthorizationServerMetadata: Sendable, Equatable {
    /// The issuer identifier: the server's origin, as redirects name it in `iss` (RFC 9207).
    public var issuer: String
    /// The sign-in page, on the issuer's origin.
    public var authorizationEndpoint: URL?
    /// The grant types listed; RFC 8414 §2 reads an omitted list as `authorization_code` and `implicit`.
    public var grantTypesSupported: [String]
    /// The PKCE methods listed; none when omitted (RFC 8414 §2: the server does not support PKCE).
    public var codeChallengeMethodsSupported: [String]

    public init(
        issuer: String, authorizationEndpoint: URL?, grantTypesSupported: [String],
        codeChallengeMethodsSupported: [String]
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.grantTypesSupported = grantTypesSupported
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
    }

    /// The grant type of RFC 8628 §3.4.
    public static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// Whether browser sign-in as this client does it can work: a sign-in page, the authorization code grant, S256.
    public var offersBrowserSignIn: Bool {
        authorizationEndpoint != nil && grantTypesSupported.contains("authorization_code")
            && codeChallengeMethodsSupported.contains(PKCE.method)
    }

    /// Whether the device authorization grant is listed.
    public var offersDeviceSignIn: Bool { grantTypesSupported.contains(Self.deviceCodeGrantType) }
}

/// Why a server's metadata was not used. None of these carries anything secret.
public enum AuthorizationServerMetadataError: Error, Equatable, Sendable {
    /// The document names another issuer than the origin it was fetched from (RFC 8414 §3.3): a mix-up, or a
    /// server configured with another public URL.
    case issuerMismatch(expected: String, received: String)
    /// An endpoint that is not an absolute URL on the issuer's origin, or would be plain HTTP to another machine.
    case untrustedEndpoint(String)
    /// The request failed.
    case request(TokenEndpointError)
}

/// Finds an authorization server's metadata (a seam, so a flow can be tested without a server).
public protocol AuthorizationServerDiscovering: Sendable {
    /// The checked metadata, or `nil` when the server publishes none for this API.
    func metadata() async throws(AuthorizationServerMetadataError) -> AuthorizationServerMetadata?
}
