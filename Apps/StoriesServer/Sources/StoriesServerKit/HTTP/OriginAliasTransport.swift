import HTTPTypes
import OpenAPIRuntime

/// Registers each operation where the generated code puts it (under the base path) and, for the paths in `aliases`,
/// also at a path of the origin's root. The spec's servers end in the base path, so clients generated from it look for
/// the metadata documents there; the RFCs place them at the origin's root: RFC 8414 §3 at `/.well-known/…` of the
/// issuer, which is the origin, and RFC 9728 §3.1 with the resource's path inserted after the well-known path.
struct OriginAliasTransport: ServerTransport {
    let base: any ServerTransport
    let basePath: String
    /// Paths relative to the base path, such as `/.well-known/oauth-authorization-server`, and the root path each is
    /// also served at.
    let aliases: [String: String]

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        try base.register(handler, method: method, path: path)
        if path.hasPrefix(basePath), let alias = aliases[String(path.dropFirst(basePath.count))] {
            try base.register(handler, method: method, path: alias)
        }
    }
}
