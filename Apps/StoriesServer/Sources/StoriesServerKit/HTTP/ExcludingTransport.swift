import HTTPTypes
import OpenAPIRuntime

/// Registers every operation except those at `excludedPaths` (relative to the base path), which are then not routed
/// at all: a 404 for any method, as for a path the server never had.
struct ExcludingTransport: ServerTransport {
    let base: any ServerTransport
    let basePath: String
    let excludedPaths: Set<String>

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        if path.hasPrefix(basePath), excludedPaths.contains(String(path.dropFirst(basePath.count))) { return }
        try base.register(handler, method: method, path: path)
    }
}
