import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends chosen operations to absolute URLs instead of their path under the client's server URL.
///
/// The OAuth endpoints an authorization server's metadata names (RFC 8414 §2) and the metadata documents themselves
/// (RFC 8414 §3.1, RFC 9728 §3.1) live wherever that server puts them: another origin, another path. The generated
/// operations still encode and decode the requests and answers; this middleware only changes where they go. A route's
/// URL keeps its own query, to which the operation's query, if any, is appended (RFC 6749 §3.1 allows endpoint
/// URLs with a query).
public struct EndpointRoutingMiddleware: ClientMiddleware {
    private let routes: [String: URL]

    /// - Parameter routes: the absolute URL to send each operation to, by operation id; operations not named go where
    ///   the client would send them.
    public init(routes: [String: URL]) {
        self.routes = routes
    }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let url = routes[operationID], let target = Self.split(url) else {
            return try await next(request, body, baseURL)
        }
        var routed = request
        var queries = [target.query].compactMap { $0 }.filter { !$0.isEmpty }
        if let operationPath = request.path, let mark = operationPath.firstIndex(of: "?") {
            let query = operationPath[operationPath.index(after: mark)...]
            if !query.isEmpty { queries.append(String(query)) }
        }
        let path = target.path + (queries.isEmpty ? "" : "?" + queries.joined(separator: "&"))
        routed.path = path
        return try await next(routed, body, target.origin)
    }

    /// `url` as the origin a transport joins a path to, and its percent-encoded path and query; `nil` for a URL
    /// without a scheme or host.
    static func split(_ url: URL) -> (origin: URL, path: String, query: String?)? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true), components.scheme != nil,
            components.host != nil
        else { return nil }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let query = components.percentEncodedQuery
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.fragment = nil
        guard let origin = components.url else { return nil }
        return (origin, path, query)
    }
}
