/// The `WWW-Authenticate` challenges of this resource's 401s (RFC 6750 §3): `Bearer`, the error code when a token was
/// presented and is not valid, and `resource_metadata`, the absolute URL of the RFC 9728 metadata (§5.1), so that a
/// client that knows nothing of this API can find the authorization server whose tokens it takes.
///
/// The URL follows the public origin, which with `--port 0` is known only once the server listens; the challenges are
/// written only for refused requests, so reading it then costs the accepted ones nothing.
struct BearerChallenges: Sendable {
    let origin: PublicOrigin

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
