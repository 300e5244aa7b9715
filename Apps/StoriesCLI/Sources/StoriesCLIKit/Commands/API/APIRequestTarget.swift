import Authorization
import Foundation

/// Where a request of `stories-cli api` goes: a URL under the session's server URL, as the path the middlewares send
/// relative to that URL.
///
/// A PATH is relative to the API root, the server URL, as `gh api`'s is to `https://api.github.com/`: with the server
/// `http://127.0.0.1:8080/v1`, `me` and `/me` are `http://127.0.0.1:8080/v1/me`, and `/v1/me` is
/// `http://127.0.0.1:8080/v1/v1/me`. A full URL is taken as it is, if it lies under the server URL: the session
/// goes nowhere else (`ServerOrigin` binds it to the scheme, host, port and base path it was issued for).
struct APIRequestTarget: Equatable, Sendable {
    /// The full URL, for messages and for resolving a relative `Link`.
    let url: URL
    /// The path and query after the server URL's path: `/me`, `/stories?limit=5`.
    let relativePath: String

    /// Resolves `argument` (a path or a full URL) against `serverURL`.
    static func resolve(_ argument: String, serverURL: URL) throws(APIArgumentError) -> APIRequestTarget {
        guard !argument.isEmpty, !argument.contains("#") else { throw .malformedPath(argument) }
        // A full URL names its scheme; a path starts with `/` or a segment (`me`), which has none.
        if !argument.hasPrefix("/"), let url = URL(string: argument), url.scheme != nil {
            return try under(serverURL, url, argument: argument)
        }
        let server = serverURL.absoluteString
        let base = server.hasSuffix("/") ? String(server.dropLast()) : server
        let path = argument.hasPrefix("/") ? argument : "/" + argument
        guard let url = URL(string: base + path) else { throw .malformedPath(argument) }
        return try under(serverURL, url, argument: argument)
    }

    /// `url` as a target under `serverURL`, or `outsideServer`.
    static func under(_ serverURL: URL, _ url: URL, argument: String) throws(APIArgumentError) -> APIRequestTarget {
        let outside = APIArgumentError.outsideServer(url: argument, server: serverURL.absoluteString)
        guard let server = try? ServerOrigin(serverURL), let target = try? ServerOrigin(url),
            let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { throw outside }
        guard target.scheme == server.scheme, target.host == server.host, target.port == server.port else {
            throw outside
        }
        // No `.` or `..` segment, spelled out or escaped: neither Foundation nor the transport removes them, and a
        // server or proxy that does would take the request out of the base path the session belongs to.
        guard
            !components.path.split(separator: "/", omittingEmptySubsequences: false).contains(where: {
                $0 == "." || $0 == ".."
            })
        else { throw outside }
        // Under the base path segment by segment (`/v1` holds `/v1/me`, not `/v1beta/me`), compared as the server URL
        // spells it, so that an escaped character in the base path compares equal to itself.
        let basePath = Self.encodedBasePath(of: serverURL)
        let path = components.percentEncodedPath
        guard path == basePath || path.hasPrefix(basePath + "/") else { throw outside }
        var relativePath = String(path.dropFirst(basePath.count))
        if relativePath.isEmpty { relativePath = "/" }
        // `//x/me` would be read by the transport as the authority `x` and the path `/me`.
        guard !relativePath.hasPrefix("//") else { throw .malformedPath(argument) }
        if let query = components.percentEncodedQuery { relativePath += "?" + query }
        return APIRequestTarget(url: url, relativePath: relativePath)
    }

    /// The server URL's path as it is spelled (percent-encoded), without a trailing slash.
    static func encodedBasePath(of serverURL: URL) -> String {
        let path = URLComponents(url: serverURL, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? ""
        return path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// This target with `fields` added to its query string, each key and value percent-encoded.
    func addingQuery(_ fields: [APIRequestField]) -> APIRequestTarget {
        guard !fields.isEmpty else { return self }
        let added = fields.map { Self.percentEncoded($0.key) + "=" + Self.percentEncoded($0.value.queryText) }.joined(
            separator: "&")
        let separator = relativePath.contains("?") ? (relativePath.hasSuffix("?") ? "" : "&") : "?"
        let url = URL(string: url.absoluteString + separator + added) ?? url
        return APIRequestTarget(url: url, relativePath: relativePath + separator + added)
    }

    /// Only RFC 3986's unreserved characters stay as they are: `+`, `&` and `=` in a value are data, not syntax.
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
