import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization

/// Answers each request by its absolute URL without the query (`http://127.0.0.1:8080/v1/me`) from a table, 404 for
/// any other, and records the requests, in order.
final class RoutedTransport: ClientTransport {
    struct Answer: Sendable {
        var status: HTTPResponse.Status = .ok
        var contentType = "application/json"
        var body: String
    }

    private let answers: [String: Answer]
    private let asked = Mutex<[(path: String, headers: HTTPFields)]>([])

    init(_ answers: [String: Answer]) {
        self.answers = answers
    }

    /// The URLs asked for so far, each without its query.
    var urls: [String] {
        asked.withLock { $0.map(\.path) }
    }

    /// The header fields of the requests so far.
    var headerFields: [HTTPFields] {
        asked.withLock { $0.map(\.headers) }
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let path = baseURL.absoluteString + (request.path ?? "").prefix { $0 != "?" }
        asked.withLock { $0.append((path, request.headerFields)) }
        let answer = answers[path] ?? Answer(status: .notFound, contentType: "text/plain", body: "not found")
        return (
            HTTPResponse(status: answer.status, headerFields: [.contentType: answer.contentType]),
            HTTPBody(answer.body)
        )
    }
}
