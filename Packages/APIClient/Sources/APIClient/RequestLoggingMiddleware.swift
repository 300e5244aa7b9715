import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// Logs one line per request: method, path, status and duration. Header values that carry secrets are redacted and
/// bodies are never logged, so `--verbose` output is safe to paste into a bug report.
public struct RequestLoggingMiddleware: ClientMiddleware {
    private let logger: Logger
    private let clock: ContinuousClock

    /// Header fields whose values are replaced by `<redacted>` in trace logs.
    static let redactedFields: Set<HTTPField.Name> = [.authorization, .cookie, .setCookie, .proxyAuthorization]

    public init(logger: Logger) {
        self.logger = logger
        self.clock = ContinuousClock()
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let path = baseURL.path + (request.path ?? "")
        let start = clock.now
        logger.trace("→ \(request.method) \(path)", metadata: ["headers": "\(Self.redacted(request.headerFields))"])
        do {
            let (response, responseBody) = try await next(request, body, baseURL)
            logger.info(
                "\(request.method) \(path) → \(response.status.code) in \(Self.milliseconds(clock.now - start)) ms",
                metadata: ["operation": "\(operationID)"]
            )
            logger.trace("← \(response.status.code)", metadata: ["headers": "\(Self.redacted(response.headerFields))"])
            return (response, responseBody)
        } catch {
            logger.info(
                "\(request.method) \(path) failed after \(Self.milliseconds(clock.now - start)) ms",
                metadata: ["operation": "\(operationID)"]
            )
            throw error
        }
    }

    static func redacted(_ fields: HTTPFields) -> String {
        fields.map { field in
            "\(field.name): \(redactedFields.contains(field.name) ? "<redacted>" : field.value)"
        }.joined(separator: ", ")
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
