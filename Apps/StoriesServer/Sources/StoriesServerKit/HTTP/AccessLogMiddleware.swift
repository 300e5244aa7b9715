import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// One log line per request: method, path, status and duration, e.g. `GET /v1/stories 200 3 ms`. The query and
/// the headers are left out, so neither a token nor anything a client put in a URL ends up in the log.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status, since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            log(request, status: status, since: start)
            throw error
        }
    }

    private func log(_ request: Request, status: HTTPResponse.Status, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        logger.info("\(request.method) \(request.uri.path) \(status.code) \(milliseconds) ms")
    }
}
