import Foundation

/// The `htu` of a request (RFC 9449 §4.2, §4.3 check 9): its URI without query and fragment, normalised as RFC 3986
/// §6.2.2 and §6.2.3 say (scheme and host in lower case, the scheme's default port and an empty path dropped), so that
/// the client and the server compare the same text.
public enum DPoPTargetURI {
    /// The `htu` of `text`, or `nil` unless it is an absolute `http` or `https` URI with a host.
    public static func normalized(_ text: String) -> String? {
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return nil }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        components.scheme = scheme
        components.host = host.lowercased()
        if components.port == (scheme == "https" ? 443 : 80) { components.port = nil }
        if components.path.isEmpty { components.path = "/" }
        return components.string
    }

    /// The `htu` of `url`.
    public static func normalized(_ url: URL) -> String? {
        normalized(url.absoluteString)
    }
}
