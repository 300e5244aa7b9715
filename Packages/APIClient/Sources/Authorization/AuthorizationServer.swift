import Foundation
import RFC9449

/// The authorization server a session's tokens come from, and where each of its endpoints is: what a sign-in found
/// by discovery, and what a stored session remembers, so that its refresh and its revocation go back to the server
/// that issued it, wherever that is, and never to another.
public struct AuthorizationServer: Sendable, Equatable {
    /// The issuer identifier (RFC 8414 §2), or `nil` when the API published no metadata and the contract's own
    /// endpoints are used.
    public var issuer: String?
    /// Where tokens are requested and refreshed (RFC 6749 §3.2).
    public var tokenEndpoint: URL
    /// Where a device authorization starts (RFC 8628 §3.1); `nil` when the server publishes none.
    public var deviceAuthorizationEndpoint: URL?
    /// Where tokens are revoked (RFC 7009 §2); `nil` when the server publishes none.
    public var revocationEndpoint: URL?
    /// The API the tokens are for, as an RFC 8707 resource indicator: the `resource` of the API's RFC 9728 metadata.
    /// `nil` when the API published none; then no indicator is sent, as before resource indicators existed.
    public var resource: String?
    /// The algorithms the server takes in DPoP proofs (`dpop_signing_alg_values_supported`, RFC 9449 §5.1); empty
    /// when its metadata lists none, and for the contract's endpoints: then tokens are bearer tokens.
    public var dpopSigningAlgorithms: [String]
    /// Where authorization requests are pushed (RFC 9126); `nil` when the server publishes none. Only a browser
    /// sign-in names it, for its one push (`AuthorizationServerMetadata.pushedAuthorizationRequestEndpoint`): a
    /// session neither needs nor stores it.
    public var pushedAuthorizationRequestEndpoint: URL?

    public init(
        issuer: String?, tokenEndpoint: URL, deviceAuthorizationEndpoint: URL?, revocationEndpoint: URL?,
        resource: String?, dpopSigningAlgorithms: [String] = [], pushedAuthorizationRequestEndpoint: URL? = nil
    ) {
        self.issuer = issuer
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.resource = resource
        self.dpopSigningAlgorithms = dpopSigningAlgorithms
        self.pushedAuthorizationRequestEndpoint = pushedAuthorizationRequestEndpoint
    }

    /// Whether sign-in binds the session to a DPoP key: the server takes proofs signed with the one algorithm this
    /// client signs with (ES256). Otherwise the session uses bearer tokens.
    public var acceptsDPoP: Bool { dpopSigningAlgorithms.contains(DPoPSigningKey.algorithm) }

    /// The endpoints `openapi/authorization-server.yaml` gives the reference server at `origin` (`oauth/token`,
    /// `oauth/device_authorization` and `oauth/revoke` under the API's base path): where a server that publishes no metadata is asked, and where sessions
    /// stored before sessions remembered their authorization server were issued.
    public static func contract(of origin: ServerOrigin) -> AuthorizationServer {
        contract(at: origin.url)
    }

    /// The contract's endpoints under the API's base URL `base`, as `contract(of:)` gives them for an origin.
    public static func contract(at base: URL) -> AuthorizationServer {
        AuthorizationServer(
            issuer: nil,
            tokenEndpoint: base.appending(path: "oauth/token"),
            deviceAuthorizationEndpoint: base.appending(path: "oauth/device_authorization"),
            revocationEndpoint: base.appending(path: "oauth/revoke"),
            resource: nil)
    }

    /// Every endpoint named, for the checks that they may carry credentials.
    var endpoints: [URL] {
        [tokenEndpoint]
            + [deviceAuthorizationEndpoint, revocationEndpoint, pushedAuthorizationRequestEndpoint].compactMap { $0 }
    }
}
