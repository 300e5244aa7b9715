import Foundation

/// Where metadata documents are published for a URL, as the standards build the location from it.
public enum WellKnownLocations {
    /// RFC 9728 §3.1: the protected-resource metadata of the API at `resource`, with
    /// `/.well-known/oauth-protected-resource` inserted between the host and the path
    /// (`https://api.example/v1` → `https://api.example/.well-known/oauth-protected-resource/v1`).
    public static func protectedResourceMetadata(of resource: URL) -> URL? {
        inserting("/.well-known/oauth-protected-resource", into: resource)
    }

    /// Where the metadata of the authorization server `issuer` is looked for, in order:
    /// 1. RFC 8414 §3.1: `/.well-known/oauth-authorization-server` inserted between the host and the issuer's path;
    /// 2. OpenID Connect Discovery 1.0 §4: `/.well-known/openid-configuration` appended to the issuer;
    /// 3. RFC 8414 §5's form of the OpenID location for an issuer with a path: inserted, like 1.
    ///
    /// Without a path, 3 is 2 and is not repeated.
    public static func authorizationServerMetadata(of issuer: URL) -> [URL] {
        var locations: [URL] = []
        for location in [
            inserting("/.well-known/oauth-authorization-server", into: issuer),
            appending("/.well-known/openid-configuration", to: issuer),
            inserting("/.well-known/openid-configuration", into: issuer),
        ] {
            if let location, !locations.contains(location) { locations.append(location) }
        }
        return locations
    }

    /// The origin of `url` with `wellKnown` and then `url`'s path (a trailing `/` dropped), and `url`'s query.
    static func inserting(_ wellKnown: String, into url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        var path = components.percentEncodedPath
        if path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = wellKnown + path
        components.fragment = nil
        return components.url
    }

    /// `url` with `wellKnown` appended to its path (a trailing `/` dropped first).
    static func appending(_ wellKnown: String, to url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        var path = components.percentEncodedPath
        if path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path + wellKnown
        components.query = nil
        components.fragment = nil
        return components.url
    }
}
