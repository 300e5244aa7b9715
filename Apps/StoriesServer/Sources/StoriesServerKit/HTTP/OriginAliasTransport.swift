import HTTPTypes
import OpenAPIRuntime

/// Registers each operation where the generated code puts it (under the base path) and, for the paths in `aliases`,
/// also at the origin's root: RFC 8414 §3 puts the metadata document at `/.well-known/…` of the issuer, which is
/// the origin, while clients generated from the spec look for it under the base path.
struct OriginAliasTransport: ServerTransport {
    let base: any ServerTransport
    let basePath: String
    /// Paths relative to the base path, such as `/.well-known/oauth-authorization-server`.
    let aliases: Set<String>

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        try base.register(handler, method: method, path: path)
        if path.hasPrefix(basePath), aliases.contains(String(path.dropFirst(basePath.count))) {
            try base.register(handler, method: method, path: String(path.dropFirst(basePath.count)))
        }
    }
}
