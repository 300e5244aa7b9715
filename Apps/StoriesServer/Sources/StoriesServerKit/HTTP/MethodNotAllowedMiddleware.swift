import Foundation
import HTTPTypes
import Hummingbird

/// Answers a method the spec does not define on a path it does define with 405 and an `Allow` header (RFC 9110
/// §15.5.6), instead of the router's 404: the resource exists, only the method is wrong.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Path patterns relative to the base path (`{id}` matches one segment) and their methods.
    let allowedMethods: [(pattern: [Substring], methods: [HTTPRequest.Method])]
    let basePath: String

    init(basePath: String, allowedMethods: [String: [HTTPRequest.Method]]) {
        self.basePath = basePath
        self.allowedMethods = allowedMethods.map { (Self.segments($0.key), $0.value) }
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let methods = methods(for: request.uri.path), !methods.contains(request.method) else { throw error }
            var headers = HTTPFields()
            headers[.allow] = methods.map(\.rawValue).joined(separator: ", ")
            return Response(status: .methodNotAllowed, headers: headers)
        }
    }

    /// The methods defined for `path`, or `nil` if the spec has no such path.
    func methods(for path: String) -> [HTTPRequest.Method]? {
        guard path.hasPrefix(basePath) else { return nil }
        let segments = Self.segments(String(path.dropFirst(basePath.count)))
        return allowedMethods.first { entry in
            entry.pattern.count == segments.count
                && zip(entry.pattern, segments).allSatisfy { pattern, segment in
                    (pattern.hasPrefix("{") && pattern.hasSuffix("}")) || pattern == segment
                }
        }?.methods
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
