import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Answers every request with `status` and `body`.
struct ScriptedTransport: ClientTransport {
    var status: HTTPResponse.Status = .ok
    var body: String

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        (
            HTTPResponse(
                status: status, headerFields: [.contentType: "application/json", .cacheControl: "no-store"]),
            HTTPBody(self.body)
        )
    }
}
