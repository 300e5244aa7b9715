import Foundation

/// RFC 8707 resource indicators: absolute URIs that name the API a token is for. Two spellings of one URL are one
/// resource, so they are compared in a normal form: scheme and host in lower case, no default port, no trailing
/// slash.
enum ResourceIndicator {
    /// Longer ones are refused rather than stored with every token.
    static let maximumLength = 2048

    /// The normal form of `text`, or `nil` unless it is an absolute `http` or `https` URI with a host and without a
    /// fragment (RFC 8707 §2) or user information.
    static func normalized(_ text: String) -> String? {
        guard text.utf8.count <= maximumLength, !text.contains("#"), let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = components.percentEncodedHost?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil
        else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = components.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        return "\(scheme)://\(host)\(port)\(path)\(query)"
    }

    /// Whether `audiences` (an introspection's `aud`, RFC 7519 §4.1.3) name `resource`.
    static func audiences(_ audiences: [String], include resource: String) -> Bool {
        let wanted = normalized(resource)
        return audiences.contains { normalized($0) == wanted }
    }
}

/// What a token or device authorization request asks for in `resource`.
enum RequestedResource: Sendable, Equatable {
    /// No `resource`: a new grant is for this API, a refresh keeps its family's resource.
    case unspecified
    /// The audience the tokens are to have (`TokenGrant.audience`): `nil` for this API.
    case audience(String?)

    /// `nil` for a malformed resource (`invalid_target`). `thisAPI` is this API's resource identifier.
    init?(_ text: String?, thisAPI: String) {
        guard let text else {
            self = .unspecified
            return
        }
        guard let normalized = ResourceIndicator.normalized(text) else { return nil }
        self = .audience(normalized == ResourceIndicator.normalized(thisAPI) ? nil : normalized)
    }

    /// The audience of a new grant.
    var audienceOfNewGrant: String? {
        if case .audience(let audience) = self { audience } else { nil }
    }
}
