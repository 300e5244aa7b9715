import RFC9449

/// The `WWW-Authenticate` challenges of this resource's 401s (RFC 6750 §3): `Bearer`, the error code when a token was
/// presented and is not valid, and `resource_metadata`, the absolute URL of the RFC 9728 metadata (§5.1), so that a
/// client that knows nothing of this API can find the authorization server whose tokens it takes.
///
/// The URL follows the public origin, which with `--port 0` is known only once the server listens; the challenges are
/// written only for refused requests, so reading it then costs the accepted ones nothing.
///
/// With DPoP (RFC 9449 §7.1) each 401 also carries a `DPoP` challenge with the algorithms the server takes (`algs`),
/// and only that one when DPoP is required.
struct BearerChallenges: Sendable {
    let origin: PublicOrigin
    var dpop = DPoPMode.off

    /// Every challenge of a 401: a `Bearer` one unless DPoP is required, then a `DPoP` one unless DPoP is off.
    /// `bearerError` and `dpopError` are the error codes of each (none when the request lacked authentication).
    func challenges(bearerError: String? = nil, dpopError: String? = nil) -> [String] {
        var challenges: [String] = []
        if dpop != .required {
            challenges.append(
                "Bearer " + (bearerError.map { Self.parameter("error", $0) + ", " } ?? "")
                    + Self.parameter("resource_metadata", origin.url(ProtectedResourceLocation.rootPath)))
        }
        if dpop.isEnabled {
            challenges.append(
                "DPoP " + (dpopError.map { Self.parameter("error", $0) + ", " } ?? "")
                    + Self.parameter("algs", DPoPProof.supportedAlgorithms.joined(separator: " ")) + ", "
                    + Self.parameter("resource_metadata", origin.url(ProtectedResourceLocation.rootPath)))
        }
        return challenges
    }

    /// The challenge to a request that carried no bearer token: no error code (RFC 6750 §3.1).
    var authenticationRequired: String {
        "Bearer " + Self.parameter("resource_metadata", origin.url(ProtectedResourceLocation.rootPath))
    }

    /// The challenge to a token that is expired, revoked, never issued, or issued for another resource.
    var invalidToken: String {
        "Bearer " + Self.parameter("error", "invalid_token") + ", "
            + Self.parameter("resource_metadata", origin.url(ProtectedResourceLocation.rootPath))
    }

    /// `name="value"`, the value as an RFC 9110 §5.6.4 quoted-string.
    private static func parameter(_ name: String, _ value: String) -> String {
        var quoted = "\""
        for character in value {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return name + "=" + quoted + "\""
    }
}
