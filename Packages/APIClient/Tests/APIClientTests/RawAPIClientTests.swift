import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

@Suite("RawAPIClient", .timeLimit(.minutes(1)))
struct RawAPIClientTests {
    static let baseURL = URL(string: "https://api.example/v1")!

    /// Records its name on the way in and on the way out, and the operation id it was given.
    struct Recording: ClientMiddleware {
        let name: String
        let log: Log

        func intercept(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            log.entries.withLock { $0.append("\(name) in \(operationID)") }
            var request = request
            request.headerFields[HTTPField.Name(name)!] = "seen"
            let response = try await next(request, body, baseURL)
            log.entries.withLock { $0.append("\(name) out") }
            return response
        }
    }

    struct RecordingTransport: ClientTransport {
        let log: Log

        func send(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
        ) async throws -> (HTTPResponse, HTTPBody?) {
            let headers = request.headerFields.map(\.name.rawName).joined(separator: ",")
            log.entries.withLock { $0.append("transport \(baseURL.absoluteString)\(request.path ?? "") [\(headers)]") }
            return (HTTPResponse(status: .ok), HTTPBody("{}"))
        }
    }

    @Test("Runs the middlewares first one outermost, then the transport, all with the raw operation id")
    func composesLikeTheGeneratedClient() async throws {
        let log = Log()
        let client = RawAPIClient(
            serverURL: Self.baseURL, transport: RecordingTransport(log: log),
            middlewares: [Recording(name: "outer", log: log), Recording(name: "inner", log: log)])
        let (response, body) = try await client.send(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/me"), body: nil, baseURL: Self.baseURL)
        #expect(response.status == .ok)
        #expect(try await String(collecting: #require(body), upTo: 10) == "{}")
        #expect(
            log.entries.withLock { $0 } == [
                "outer in rawRequest", "inner in rawRequest", "transport https://api.example/v1/me [outer,inner]",
                "inner out", "outer out",
            ])
    }
}

/// What the middlewares and the transport saw, in order.
final class Log: Sendable {
    let entries = Mutex<[String]>([])
}
